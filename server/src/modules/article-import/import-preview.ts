import {
  IMPORT_REFUSAL_KINDS,
  type ImportPreview,
  type ImportRefusal,
  type ImportRefusalKind,
  MAX_LISTED_UNKNOWN_NAMES,
  type UnknownImportName,
} from '@portal/domain/schemas/article-import';
import type { BulkSession, BulkTransaction, Database } from '../../db/client';
import type { StoredImportPreview } from '../../db/schema';
import {
  changedPredicate,
  inRange,
  type LineRange,
  type MergePlan,
  matchStaged,
  updatedValues,
} from './catalog-merge';
import type { ImportProgress } from './import-types';
import type { StagedFile } from './stage-file';
import { ARTICLES, analyzeStagingTable, indexStagingTable } from './staging';
import { chunkedPasses, type StagingPasses, transactionPasses } from './staging-passes';

/**
 * The preview of an import: what writing the staged rows would do, counted set-based
 * against the catalog without writing anything. The rows must be matched (matchStaged) before.
 */

interface Counts {
  rows: number;
  created: number;
  changed: number;
  unchanged: number;
  refused: number;
}

/** What the ranges of a pass add up to. */
class PreviewTally {
  readonly counts: Counts = { rows: 0, created: 0, changed: 0, unchanged: 0, refused: 0 };
  readonly refusals = new Map<string, ImportRefusal>();
  /** Unknown names by key, each with the spelling of its first row. */
  readonly manufacturers = new Map<string, UnknownImportName & { line: number }>();
  readonly units = new Map<string, UnknownImportName & { line: number }>();

  addCounts(row: Record<string, unknown>) {
    for (const key of Object.keys(this.counts) as (keyof Counts)[]) this.counts[key] += Number(row[key] ?? 0);
  }

  addRefusal(kind: ImportRefusalKind, rows: number, line: number, reason: string) {
    const known = this.refusals.get(kind);
    if (!known) return this.refusals.set(kind, { kind, rows, firstLine: line, example: reason });
    known.rows += rows;
    if (line < known.firstLine) Object.assign(known, { firstLine: line, example: reason });
  }

  addName(
    names: Map<string, UnknownImportName & { line: number }>,
    key: string,
    found: UnknownImportName & { line: number },
  ) {
    const known = names.get(key);
    if (!known) return names.set(key, found);
    known.rows += found.rows;
    if (found.line < known.line) Object.assign(known, { name: found.name, line: found.line });
  }

  toPreview(): ImportPreview {
    const listed = (names: Map<string, UnknownImportName & { line: number }>) => ({
      total: names.size,
      names: [...names.values()]
        .sort((a, b) => b.rows - a.rows || a.line - b.line)
        .slice(0, MAX_LISTED_UNKNOWN_NAMES)
        .map(({ name, rows }) => ({ name, rows })),
    });
    return {
      ...this.counts,
      refusedByKind: [...this.refusals.values()].sort(
        (a, b) => IMPORT_REFUSAL_KINDS.indexOf(a.kind) - IMPORT_REFUSAL_KINDS.indexOf(b.kind),
      ),
      unknownManufacturers: listed(this.manufacturers),
      unknownUnits: listed(this.units),
    };
  }
}

/** Adds the staged rows of `range` to the tally: four aggregate queries. */
async function tallyRange(tx: BulkTransaction, plan: MergePlan, range: LineRange, tally: PreviewTally) {
  const staging = plan.staging;
  const where = `WHERE true${inRange('b', range)}`;
  const changed = changedPredicate(updatedValues(plan).values);
  // Several rows may find the same article (by order number and by an alternative): it is written once.
  const counts = await tx.query(
    `SELECT count(*)::int AS rows,
       count(*) FILTER (WHERE b.error IS NOT NULL)::int AS refused,
       count(*) FILTER (WHERE b.error IS NULL AND b.article_id IS NULL)::int AS created,
       count(DISTINCT b.article_id) FILTER (WHERE b.error IS NULL AND a.id IS NOT NULL AND ${changed})::int AS changed,
       count(DISTINCT b.article_id) FILTER (WHERE b.error IS NULL AND a.id IS NOT NULL AND NOT ${changed})::int AS unchanged
     FROM ${staging} b LEFT JOIN ${ARTICLES} a ON a.id = b.article_id ${where}`,
    [plan.defaultUnitId],
  );
  tally.addCounts(counts.rows[0] ?? {});
  const refusals = await tx.query(
    `SELECT DISTINCT ON (b.error_kind) b.error_kind AS kind, b.line, b.error,
       count(*) OVER (PARTITION BY b.error_kind)::int AS rows
     FROM ${staging} b ${where} AND b.error IS NOT NULL ORDER BY b.error_kind, b.line`,
  );
  for (const row of refusals.rows) {
    const kind = (row.kind ?? 'INVALID_VALUES') as ImportRefusalKind;
    tally.addRefusal(kind, Number(row.rows), Number(row.line), String(row.error));
  }
  for (const [column, names] of [
    ['manufacturer', tally.manufacturers],
    ['unit', tally.units],
  ] as const) {
    const found = await tx.query(
      `SELECT b.${column}_key AS key, (array_agg(b.${column}_name ORDER BY b.line))[1] AS name,
         min(b.line) AS line, count(*)::int AS rows
       FROM ${staging} b ${where} AND b.${column}_key IS NOT NULL GROUP BY b.${column}_key`,
    );
    for (const row of found.rows) {
      const name = { name: String(row.name), rows: Number(row.rows), line: Number(row.line) };
      tally.addName(names, String(row.key), name);
    }
  }
}

/** Counts the matched staged rows: new, changed, unchanged, refused by kind, and the unknown names. */
export async function summarizeStaged(passes: StagingPasses, plan: MergePlan): Promise<ImportPreview> {
  const tally = new PreviewTally();
  await passes.each((tx, range) => tallyRange(tx, plan, range, tally));
  return tally.toPreview();
}

/** Matches the staged rows with the catalog and counts what writing them would do, range by range. */
export async function matchAndSummarize(
  passes: StagingPasses,
  plan: MergePlan,
  match: (tx: BulkTransaction, range: LineRange) => Promise<void>,
): Promise<ImportPreview> {
  const tally = new PreviewTally();
  await passes.each(async (tx, range) => {
    await match(tx, range);
    await tallyRange(tx, plan, range, tally);
  });
  return tally.toPreview();
}

/**
 * The preview phase of a run after its file is staged: every row matched, and what writing would do counted.
 * PostgreSQL: in one transaction on the import's own connection. PGlite: range by range (staging-passes.ts).
 */
export async function previewStagedFile(
  kind: Database['kind'],
  session: BulkSession,
  plan: MergePlan,
  staged: StagedFile,
  progress: ImportProgress,
): Promise<StoredImportPreview> {
  const match = (tx: BulkTransaction, range: LineRange) => matchStaged(tx, plan, range);
  const summary =
    kind === 'pglite'
      ? await matchAndSummarize(
          chunkedPasses(session, staged.lastLine, { stopped: () => progress.abort }),
          plan,
          match,
        )
      : await session.transaction(async (tx) => {
          await analyzeStagingTable(tx, staged.table, staged.columns);
          const counted = await matchAndSummarize(transactionPasses(tx), plan, match);
          // For the name resolutions and the write phase's chunks.
          await indexStagingTable(tx, staged.table);
          return counted;
        });
  return {
    fields: staged.columns.map((column) => column.field),
    rowCount: staged.rowCount,
    lastLine: staged.lastLine,
    summary,
  };
}
