import type { FolderLogPage } from '@portal/domain/schemas/business-data';
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { businessFolderLog, users } from '../../db/schema';

/** Appends one row to a folder's access log. */
export async function insertFolderLogEntry(
  db: DbOrTx,
  row: Omit<typeof businessFolderLog.$inferInsert, 'id' | 'at'>,
): Promise<void> {
  await db.insert(businessFolderLog).values(row);
}

/**
 * A folder's access log, newest first (read from business_folder_log_folder_idx). A person
 * is shown as "Vorname Nachname (e-mail)" while the user exists, else as the label stored with the row.
 */
export async function findFolderLogPage(
  db: DbOrTx,
  folderId: string,
  query: { page: number; paginationSize: number },
): Promise<FolderLogPage> {
  const where = eq(businessFolderLog.folderId, folderId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: businessFolderLog,
        name: users.name,
        lastname: users.lastname,
        email: users.email,
      })
      .from(businessFolderLog)
      .leftJoin(users, eq(users.id, businessFolderLog.userId))
      .where(where)
      .orderBy(desc(businessFolderLog.at), desc(businessFolderLog.id))
      .limit(query.paginationSize)
      .offset(query.page * query.paginationSize),
    db.select({ n: count() }).from(businessFolderLog).where(where),
  ]);
  return {
    content: rows.map(({ entry, name, lastname, email }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor: email ? `${`${name ?? ''} ${lastname ?? ''}`.trim()} (${email})` : entry.actorLabel,
      ip: entry.ip,
      action: entry.action,
      filename: entry.filename,
    })),
    totalElements: Number(total?.n ?? 0),
  };
}
