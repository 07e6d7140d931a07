import { getTableName } from 'drizzle-orm';
import type { BulkSession, BulkTransaction } from '../../db/client';
import { yieldToRequests } from '../../db/pacing';
import { articleClasses, articleReferences, eclassEntries } from '../../db/schema';
import type { ImportProgress } from './import-types';
import { ARTICLES, CATALOG_EXTRAS, q } from './staging';

const CLASSES = q(getTableName(articleClasses));
const REFERENCES = q(getTableName(articleReferences));
const ECLASS = q(getTableName(eclassEntries));

/** File lines per transaction on PGlite (a BMEcat product spans some 30–100 lines). */
const PGLITE_LINES = 50_000;

/**
 * After a catalog's articles are written: their classes and references replace the ones they had (the
 * catalog is the manufacturer's current word), and an article with an ECLASS class is linked to the E-Class
 * master data entry of that code, whatever the version (SPEC §9: its work time feeds the estimate). Only
 * rows that became or updated an article count. On PGlite in ranges of lines, yielding between them.
 */
export async function applyCatalogExtras(
  session: BulkSession,
  runId: string,
  staging: string,
  lastLine: number,
  options: { pglite: boolean; progress: ImportProgress },
): Promise<void> {
  const step = options.pglite ? PGLITE_LINES : Math.max(1, lastLine);
  for (let from = 0; from < lastLine; from += step) {
    if (options.progress.abort) return;
    await session.transaction((tx) => applyRange(tx, runId, staging, from, from + step));
    if (options.pglite) await yieldToRequests();
  }
}

/** The range's written articles with their extras, gathered once for the statements that follow. */
const WRITTEN = 'import_catalog_written';

async function applyRange(tx: BulkTransaction, runId: string, staging: string, from: number, to: number) {
  // One join of staging, extras and articles instead of one per statement (each took about as long as an
  // insert of its rows); `known` marks articles that existed before the import: only they can have classes
  // or references to replace.
  await tx.query(
    `CREATE TEMP TABLE ${WRITTEN} (id uuid NOT NULL, known boolean NOT NULL, classes jsonb, refs jsonb) ON COMMIT DROP`,
  );
  await tx.query(
    `INSERT INTO ${WRITTEN}
     SELECT a.id, b.article_id IS NOT NULL, x.classes, x.refs
     FROM ${staging} b JOIN ${CATALOG_EXTRAS} x ON x.run_id = $1 AND x.line = b.line
     JOIN ${ARTICLES} a ON a.id = coalesce(b.article_id, b.new_id)
     WHERE b.error IS NULL AND b.line > $2 AND b.line <= $3`,
    [runId, from, to],
  );
  await tx.query(
    `DELETE FROM ${CLASSES} c USING ${WRITTEN} w WHERE w.known AND w.classes IS NOT NULL AND c.article_id = w.id`,
  );
  await tx.query(
    `INSERT INTO ${CLASSES} (article_id, system, code, version, irdi)
     SELECT w.id, j.system, j.code, j.version, j.irdi
     FROM ${WRITTEN} w, jsonb_to_recordset(w.classes) AS j(system text, code text, version text, irdi text)
     WHERE w.classes IS NOT NULL
     ON CONFLICT DO NOTHING`,
  );
  await tx.query(
    `DELETE FROM ${REFERENCES} r USING ${WRITTEN} w WHERE w.known AND w.refs IS NOT NULL AND r.article_id = w.id`,
  );
  await tx.query(
    `INSERT INTO ${REFERENCES} (article_id, type, order_number)
     SELECT w.id, j.type, j."orderNumber"
     FROM ${WRITTEN} w, jsonb_to_recordset(w.refs) AS j(type text, "orderNumber" text)
     WHERE w.refs IS NOT NULL
     ON CONFLICT DO NOTHING`,
  );
  // The master data may write the code with dashes or a version after it ("27-14-11-37", "27141137 (9.1)").
  // Only codes the master data knows are looked at: most catalog classes have no entry there.
  await tx.query(
    `UPDATE ${ARTICLES} t SET eclass_id = m.eclass_id
     FROM (SELECT DISTINCT ON (c.article_id) c.article_id, e.id AS eclass_id
       FROM (SELECT id, left(regexp_replace(eclass_number, '[^0-9]', '', 'g'), 8) AS code FROM ${ECLASS}) e
       JOIN ${CLASSES} c ON c.system = 'ECLASS' AND c.code = e.code
       JOIN ${WRITTEN} w ON w.id = c.article_id
       ORDER BY c.article_id, c.code, e.id) m
     WHERE t.id = m.article_id AND t.eclass_id IS DISTINCT FROM m.eclass_id`,
  );
}

/** The extras of a run (or of every other run, left over by a killed server) are dropped with its staging. */
export async function dropCatalogExtras(tx: BulkTransaction, runId: string, others = false): Promise<void> {
  await tx.query(`DELETE FROM ${CATALOG_EXTRAS} WHERE run_id ${others ? '<>' : '='} $1`, [runId]);
}
