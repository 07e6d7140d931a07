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

async function applyRange(tx: BulkTransaction, runId: string, staging: string, from: number, to: number) {
  const written = `FROM ${staging} b JOIN ${CATALOG_EXTRAS} x ON x.run_id = $1 AND x.line = b.line
    JOIN ${ARTICLES} a ON a.id = coalesce(b.article_id, b.new_id)
    WHERE b.error IS NULL AND b.line > $2 AND b.line <= $3`;
  const params = [runId, from, to];
  await tx.query(
    `DELETE FROM ${CLASSES} c USING (SELECT a.id ${written} AND x.classes IS NOT NULL) w WHERE c.article_id = w.id`,
    params,
  );
  await tx.query(
    `INSERT INTO ${CLASSES} (article_id, system, code, version, irdi)
     SELECT a.id, j.system, j.code, j.version, j.irdi ${written.replace('WHERE', ', jsonb_to_recordset(x.classes) AS j(system text, code text, version text, irdi text) WHERE')}
     ON CONFLICT DO NOTHING`,
    params,
  );
  await tx.query(
    `DELETE FROM ${REFERENCES} r USING (SELECT a.id ${written} AND x.refs IS NOT NULL) w WHERE r.article_id = w.id`,
    params,
  );
  await tx.query(
    `INSERT INTO ${REFERENCES} (article_id, type, order_number)
     SELECT a.id, j.type, j."orderNumber" ${written.replace('WHERE', ', jsonb_to_recordset(x.refs) AS j(type text, "orderNumber" text) WHERE')}
     ON CONFLICT DO NOTHING`,
    params,
  );
  // The master data may write the code with dashes or a version after it ("27-14-11-37", "27141137 (9.1)").
  await tx.query(
    `UPDATE ${ARTICLES} t SET eclass_id = e.id
     FROM (SELECT DISTINCT ON (a.id) a.id, c.code ${written.replace('WHERE', `JOIN ${CLASSES} c ON c.article_id = a.id AND c.system = 'ECLASS' WHERE`)} ORDER BY a.id, c.code) w
     JOIN ${ECLASS} e ON left(regexp_replace(e.eclass_number, '[^0-9]', '', 'g'), 8) = w.code
     WHERE t.id = w.id AND t.eclass_id IS DISTINCT FROM e.id`,
    params,
  );
}

/** The extras of a run (or of every other run, left over by a killed server) are dropped with its staging. */
export async function dropCatalogExtras(tx: BulkTransaction, runId: string, others = false): Promise<void> {
  await tx.query(`DELETE FROM ${CATALOG_EXTRAS} WHERE run_id ${others ? '<>' : '='} $1`, [runId]);
}
