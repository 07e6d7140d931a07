import type { EclassCsvRow } from '@portal/domain/rules/eclass-csv';
import { foldedLikePattern, likePattern } from '@portal/domain/rules/name-variants';
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articles, eclassEntries } from '../../db/schema';
import type { ListSpec } from '../field-value';

export type EclassRow = typeof eclassEntries.$inferSelect;
export type EclassValues = EclassCsvRow;

/**
 * SPEC §2 E-Class list: search by number (hyphens ignored) or description, the description folded as Germans
 * type ("Schuetz" finds "Schütz"; the table is read whole, as before: no index); sort by number,
 * description, work time.
 */
export const ECLASS_LIST_SPEC: ListSpec = {
  table: eclassEntries,
  id: eclassEntries.id,
  sort: {
    eclassNumber: eclassEntries.eclassNumber,
    description: sql`lower(${eclassEntries.description})`,
    workTime: eclassEntries.workTime,
  },
  search(text) {
    const digits = text.replaceAll('-', '').trim();
    return sql`(${eclassEntries.eclassNumber} like ${likePattern(digits)} or portal_fold(${eclassEntries.description}) like ${foldedLikePattern(text)})`;
  },
  usage: articles.eclassId,
};

export async function findEclassEntries(db: DbOrTx, ids: readonly string[]): Promise<EclassRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(eclassEntries)
    .where(inArray(eclassEntries.id, [...ids]));
}

export async function findAllEclassEntries(db: DbOrTx): Promise<EclassRow[]> {
  return db.select().from(eclassEntries).orderBy(asc(eclassEntries.eclassNumber));
}

export async function insertEclassEntry(db: DbOrTx, values: EclassValues): Promise<EclassRow> {
  const [row] = await db.insert(eclassEntries).values(values).returning();
  if (!row) throw new Error('eclass insert returned nothing');
  return row;
}

/** Writes an entry's values; its change time comes from the checked save (db/last-update.ts). */
export async function updateEclassEntry(
  db: DbOrTx,
  id: string,
  values: EclassValues,
): Promise<EclassRow | null> {
  const [row] = await db.update(eclassEntries).set(values).where(eq(eclassEntries.id, id)).returning();
  return row ?? null;
}

/** The E-Class entry of each given article that has one (SPEC §7 POST /eclass/all/articles). */
export async function findEclassOfArticles(
  db: DbOrTx,
  articleIds: readonly string[],
): Promise<{ articleId: string; entry: EclassRow }[]> {
  if (articleIds.length === 0) return [];
  return db
    .select({ articleId: articles.id, entry: getTableColumns(eclassEntries) })
    .from(articles)
    .innerJoin(eclassEntries, eq(eclassEntries.id, articles.eclassId))
    .where(inArray(articles.id, [...articleIds]));
}

/**
 * Inserts or updates (by number) the entries of an import in batches; answers how many were new and how
 * many changed. `xmax = 0` marks a row that the statement inserted rather than updated; an entry whose
 * values are already those of the file is not touched (no new change time) and not returned.
 */
export async function upsertEclassEntries(
  db: DbOrTx,
  rows: readonly EclassValues[],
): Promise<{ created: number; updated: number }> {
  let created = 0;
  let updated = 0;
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    const result = await db
      .insert(eclassEntries)
      .values([...batch])
      .onConflictDoUpdate({
        target: eclassEntries.eclassNumber,
        set: {
          description: sql`excluded.description`,
          workTime: sql`excluded.work_time`,
          firstLevelOrder: sql`excluded.first_level_order`,
          secondLevelOrder: sql`excluded.second_level_order`,
          updatedAt: new Date(),
        },
        setWhere: sql`(${eclassEntries.description}, ${eclassEntries.workTime}, ${eclassEntries.firstLevelOrder}, ${eclassEntries.secondLevelOrder})
          is distinct from (excluded.description, excluded.work_time, excluded.first_level_order, excluded.second_level_order)`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    const inserted = result.filter((row) => row.inserted).length;
    created += inserted;
    updated += result.length - inserted;
  }
  return { created, updated };
}
