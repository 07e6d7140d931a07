import { FILE_FOLDERS } from '@portal/domain/permissions';
import { UUID_PATTERN } from '@portal/domain/rules/uuid';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  adminBoms,
  articleImportRuns,
  businessFolderItems,
  conversationMessages,
  enquiryBoms,
  enquiryFiles,
  importConfigs,
  offerFiles,
} from '../db/schema';

/**
 * Which stored files belong to rows: the storage keys of every table that keeps one. A file under one of
 * these folders exists only for its row, so once it is old and no row names it, it is a leftover (a crash
 * between storing the file and committing the row, or between deleting the row and the file).
 *
 * Not owned, so never swept: `exportResult/` and whatever people put into the generic /file folders
 * (SPEC §7); of `articleImport/` and `importSample/` only the `<uuid>/<name>` folders the portal generates.
 */
const OWNED = new RegExp(
  `^(?:(?:${[
    FILE_FOLDERS.enquiry,
    FILE_FOLDERS.offer,
    FILE_FOLDERS.businessData,
    FILE_FOLDERS.adminBom,
    'conversation/',
  ].join('|')}).+|(?:${FILE_FOLDERS.articleImport}|${FILE_FOLDERS.importSample})${UUID_PATTERN}/[^/]+)$`,
  'i',
);

/** Is a file at this path kept only for the row that names it? */
export function isOwnedByRow(path: string): boolean {
  return OWNED.test(path);
}

/** `key` is the storage key in `column` of some row. */
const namedIn = (column: PgColumn, condition: SQL = sql`true`) =>
  sql`exists (select 1 from ${column.table} where ${column} = k.key and ${condition})`;

/**
 * Of `paths`, those a row references, in one query over every owning table (each probe uses that table's
 * unique index on its key). An upload of an article import counts while its run is active (a finished run
 * keeps the name of its removed file); a chat attachment is looked up through its conversation, whose
 * index the messages have.
 */
export async function referencedPaths(db: DbOrTx, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  // The keys travel as one JSON parameter: the same on PGlite and node-postgres, whatever they contain.
  const conversationId = sql`case when split_part(k.key, '/', 2) ~* ${`^${UUID_PATTERN}$`}
    then split_part(k.key, '/', 2)::uuid end`;
  const rows = rowsOf<{ key: string }>(
    await db.execute(sql`
      select k.key from json_array_elements_text(${JSON.stringify(paths)}::json) as k(key)
      where ${namedIn(enquiryFiles.storageKey)}
         or ${namedIn(enquiryBoms.storageKey)}
         or ${namedIn(offerFiles.storageKey)}
         or ${namedIn(businessFolderItems.storageKey)}
         or ${namedIn(adminBoms.storageKey)}
         or ${namedIn(importConfigs.samplePath)}
         or ${namedIn(articleImportRuns.filePath, sql`${articleImportRuns.state} in ('QUEUED', 'RUNNING', 'PREVIEW')`)}
         or (k.key like 'conversation/%' and (${conversationId} is null
           or ${namedIn(conversationMessages.attachmentKey, sql`${conversationMessages.conversationId} = ${conversationId}`)}))`),
  );
  return new Set(rows.map((row) => row.key));
}
