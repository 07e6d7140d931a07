import type { ArticleImportSource } from '@portal/domain/enums';
import { and, asc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { articleAlternativeNumbers, articles, manufacturers, units } from '../../db/schema';
import {
  alternativeNumberKey,
  listPricePerPieceSql,
  MIN_SUBSTRING_LENGTH,
  manufacturerNumberKey,
  orderNumberKey,
  prefixPattern,
  searchKey,
  textCondition,
} from './article-sql';

/** The filters of the list (SPEC §7 /article/filter) and of the export dialog. */
export interface ArticleFilter {
  text?: string;
  manufacturerId?: string;
  /** Price range of one piece (98 € per 100 is 0,98 € a piece). */
  minPrice?: number | null;
  maxPrice?: number | null;
  importSource?: ArticleImportSource | null;
}

export function filterCondition(filter: ArticleFilter): SQL | undefined {
  return and(
    filter.manufacturerId ? eq(articles.manufacturerId, filter.manufacturerId) : undefined,
    filter.text ? textCondition(filter.text) : undefined,
    filter.minPrice != null ? sql`${listPricePerPieceSql} >= ${filter.minPrice}` : undefined,
    filter.maxPrice != null ? sql`${listPricePerPieceSql} <= ${filter.maxPrice}` : undefined,
    filter.importSource ? eq(articles.articleImportSource, filter.importSource) : undefined,
  );
}

/**
 * Planner settings for one query. The trigram LIKE estimates are rough, so PostgreSQL sometimes walks a
 * sort index filtering row by row where a bitmap over the trigram indexes finds the few matches at once
 * (or the other way round). Where the code knows better (it has counted the matches), it says so.
 */
export const BITMAP_ONLY = {
  enable_seqscan: 'off',
  enable_indexscan: 'off',
  enable_indexonlyscan: 'off',
} as const;

/** Runs `work` in a transaction whose planner settings (SET LOCAL) end with it. */
export async function withPlanner<T>(
  db: DbOrTx,
  settings: Record<string, 'on' | 'off'>,
  work: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  return (db as Db).transaction(async (tx) => {
    const calls = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
    await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
    return work(tx);
  });
}

export interface ListItemRow {
  id: string;
  manufacturerId: string;
  manufacturerName: string;
  manufacturerNumber: string | null;
  orderNumber: string | null;
  description: string | null;
  listPrice: number | null;
  purchasePrice: number | null;
  priceUnitSize: number | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  weight: number | null;
  unitId: string | null;
  unitName: string | null;
  articleImportSource: ArticleImportSource;
}

/** List rows of the given articles, in the order of `ids`. */
export async function findListItems(db: DbOrTx, ids: readonly string[]): Promise<ListItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: articles.id,
      manufacturerId: articles.manufacturerId,
      manufacturerName: manufacturers.displayName,
      manufacturerNumber: articles.manufacturerNumber,
      orderNumber: articles.orderNumber,
      description: articles.description,
      listPrice: articles.listPrice,
      purchasePrice: articles.purchasePrice,
      priceUnitSize: articles.priceUnitSize,
      width: articles.width,
      height: articles.height,
      depth: articles.depth,
      weight: articles.weight,
      unitId: articles.unitId,
      unitName: units.displayName,
      articleImportSource: articles.articleImportSource,
    })
    .from(articles)
    .innerJoin(manufacturers, eq(manufacturers.id, articles.manufacturerId))
    .leftJoin(units, eq(units.id, articles.unitId))
    .where(inArray(articles.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type SearchStage = 'exact' | 'prefix' | 'contains';

/**
 * Articles whose order number, manufacturer number or one of whose alternatives is exactly `number`
 * (case-insensitive): two btree lookups. The exact order-number lookup of the budget (≤ 5 ms at 1,000,000
 * articles, bench/article-search.mjs); also what an import or BOM matching needs.
 */
export async function findByExactNumber(
  db: DbOrTx,
  number: string,
  limit: number,
  manufacturerId?: string,
): Promise<{ id: string }[]> {
  const key = searchKey(number);
  const scope = manufacturerId ? eq(articles.manufacturerId, manufacturerId) : undefined;
  const [own, alternative] = await Promise.all([
    db
      .select({ id: articles.id })
      .from(articles)
      .where(and(scope, sql`(${orderNumberKey} = ${key} or ${manufacturerNumberKey} = ${key})`))
      .orderBy(asc(orderNumberKey), asc(articles.id))
      .limit(limit),
    db
      .selectDistinct({ id: articles.id })
      .from(articleAlternativeNumbers)
      .innerJoin(articles, eq(articles.id, articleAlternativeNumbers.articleId))
      .where(and(scope, eq(alternativeNumberKey, key)))
      .limit(limit),
  ]);
  const ids = [...new Set([...own, ...alternative].map((row) => row.id))];
  return ids.slice(0, limit).map((id) => ({ id }));
}

/**
 * SPEC §7 /article/search: up to `amount` articles, exact number matches first (order number,
 * manufacturer number or an alternative), then numbers starting with the text, then any article whose
 * numbers, alternatives or description contain it. Each stage is one index-backed query with a LIMIT, and
 * later stages only run while the result is not full.
 */
export async function searchArticleIds(
  db: DbOrTx,
  text: string,
  amount: number,
  manufacturerId?: string,
): Promise<{ id: string; stage: SearchStage }[]> {
  const key = searchKey(text);
  const scope = manufacturerId ? eq(articles.manufacturerId, manufacturerId) : undefined;
  const found = new Map<string, SearchStage>();
  const add = (ids: { id: string }[], stage: SearchStage) => {
    for (const { id } of ids) if (!found.has(id) && found.size < amount) found.set(id, stage);
  };

  add(await findByExactNumber(db, text, amount, manufacturerId), 'exact');
  if (found.size >= amount) return [...found].map(([id, stage]) => ({ id, stage }));

  const pattern = prefixPattern(text);
  const [prefixOrder, prefixManufacturer] = await Promise.all([
    db
      .select({ id: articles.id })
      .from(articles)
      .where(and(scope, like(orderNumberKey, pattern)))
      .orderBy(asc(orderNumberKey), asc(articles.id))
      .limit(amount),
    db
      .select({ id: articles.id })
      .from(articles)
      .where(and(scope, like(manufacturerNumberKey, pattern)))
      .orderBy(asc(manufacturerNumberKey), asc(articles.id))
      .limit(amount),
  ]);
  add(prefixOrder, 'prefix');
  add(prefixManufacturer, 'prefix');
  if (found.size >= amount) return [...found].map(([id, stage]) => ({ id, stage }));

  // Short texts: the condition below is the prefix match again (plus alternatives starting with it).
  const contains = await withPlanner(db, BITMAP_ONLY, (tx) =>
    tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(scope, textCondition(text)))
      .limit(amount + found.size),
  );
  add(contains, key.length >= MIN_SUBSTRING_LENGTH ? 'contains' : 'prefix');
  return [...found].map(([id, stage]) => ({ id, stage }));
}
