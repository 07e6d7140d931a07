import type { ArticleSortColumn } from '@portal/domain/schemas/article';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { articles, manufacturers } from '../../db/schema';
import { type ArticleFilter, BITMAP_ONLY, filterCondition, withPlanner } from './article-search.repository';
import { manufacturerNumberKey, orderNumberKey } from './article-sql';

/**
 * SPEC §7 GET /article/filter at catalog scale (bench/article-search.mjs, bench/README.md):
 * - pages: only ids are sorted and skipped, from a btree whose leading columns are the sort key (with the
 *   manufacturer in front when filtered by manufacturer), so page 1,000 skips 10,000 index entries, not rows;
 * - totalElements: exact up to a limit, beyond it the planner's estimate (`totalIsEstimate`);
 * - with a search text the matches are first collected through the trigram indexes (at most
 *   TEXT_EXACT_LIMIT + 1 of them): a selective text is then paged from exactly those ids (exact total); an
 *   unselective one sorts all its matches (estimated total), which costs in proportion to the matches.
 */

const SORT_KEYS: Record<Exclude<ArticleSortColumn, 'manufacturer'>, SQL | typeof articles.listPrice> = {
  orderNumber: orderNumberKey,
  manufacturerNumber: manufacturerNumberKey,
  listPrice: articles.listPrice,
  weight: articles.weight,
};

export interface PageRequest {
  column: ArticleSortColumn;
  descending: boolean;
  page: number;
  size: number;
}

export interface ArticlePage {
  ids: string[];
  total: number;
  estimate: boolean;
}

/** Searches with more matches than this show an estimated total. */
export const TEXT_EXACT_LIMIT = 1000;

export async function findArticlePage(
  db: DbOrTx,
  filter: ArticleFilter,
  page: PageRequest,
  countLimit: number,
): Promise<ArticlePage> {
  if (!filter.text) {
    const [ids, count] = await Promise.all([
      findPageIds(db, filter, page),
      countArticles(db, filter, countLimit),
    ]);
    return { ids, total: count.total, estimate: count.estimate };
  }
  const textLimit = Math.min(countLimit, TEXT_EXACT_LIMIT);
  const where = filterCondition(filter);
  const hits = await withPlanner(db, BITMAP_ONLY, (tx) =>
    tx
      .select({ id: articles.id })
      .from(articles)
      .where(where)
      .limit(textLimit + 1),
  );
  if (hits.length <= textLimit) {
    const within = hits.map((hit) => hit.id);
    const ids =
      within.length === 0
        ? []
        : await withPlanner(db, BITMAP_ONLY, (tx) => findPageIds(tx, {}, page, within));
    return { ids, total: within.length, estimate: false };
  }
  // Many matches: all of them are sorted (bitmap over the trigram indexes, then top-N). The cost grows
  // with the number of matches, not with the catalog; walking the sort index instead is quick only when
  // the matches are spread over the sort order, and hopeless when they cluster (one number series).
  const [ids, estimated] = await Promise.all([
    withPlanner(db, BITMAP_ONLY, (tx) => findPageIds(tx, filter, page)),
    estimateRows(db, where),
  ]);
  return { ids, total: Math.max(estimated, textLimit + 1), estimate: true };
}

/** The ids of one page in list order; `within` restricts the list to these ids (a search's matches). */
export async function findPageIds(
  db: DbOrTx,
  filter: ArticleFilter,
  page: PageRequest,
  within?: readonly string[],
): Promise<string[]> {
  const direction = page.descending ? desc : asc;
  const where = and(filterCondition(filter), within ? inArray(articles.id, [...within]) : undefined);
  if (page.column === 'manufacturer' && !filter.manufacturerId) {
    return within || filter.text
      ? byManufacturerJoined(db, where, page)
      : byManufacturerWalk(db, where, page);
  }
  const key = page.column === 'manufacturer' ? orderNumberKey : SORT_KEYS[page.column];
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(where)
    .orderBy(direction(key), direction(articles.id))
    .limit(page.size)
    .offset(page.page * page.size);
  return rows.map((row) => row.id);
}

/**
 * Sort by manufacturer name: manufacturers in name order, each one's articles in order-number order
 * straight from the (manufacturer_id, order number, id) index. The lateral subquery keeps its ORDER BY
 * (PostgreSQL does not flatten a subquery with ORDER BY/LIMIT) and the nested loop keeps the outer order,
 * so the rows come out sorted and LIMIT stops after offset + size index entries instead of sorting the
 * catalog.
 */
async function byManufacturerWalk(db: DbOrTx, where: SQL | undefined, page: PageRequest): Promise<string[]> {
  const dir = page.descending ? sql`desc` : sql`asc`;
  const offset = page.page * page.size;
  const result = await db.execute(sql`
    select l.id from (
      select ${manufacturers.id} as mid from ${manufacturers}
      order by lower(${manufacturers.displayName}) ${dir}, ${manufacturers.id} ${dir}
    ) m
    cross join lateral (
      select ${articles.id} as id from ${articles}
      where ${articles.manufacturerId} = m.mid and ${where ?? sql`true`}
      order by ${orderNumberKey} ${dir}, ${articles.id} ${dir}
      limit ${offset + page.size}
    ) l
    limit ${page.size} offset ${offset}`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** Sort by manufacturer name within a search's (few) matches: joined and sorted. */
async function byManufacturerJoined(
  db: DbOrTx,
  where: SQL | undefined,
  page: PageRequest,
): Promise<string[]> {
  const direction = page.descending ? desc : asc;
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .innerJoin(manufacturers, eq(manufacturers.id, articles.manufacturerId))
    .where(where)
    .orderBy(
      direction(sql`lower(${manufacturers.displayName})`),
      direction(manufacturers.id),
      direction(orderNumberKey),
      direction(articles.id),
    )
    .limit(page.size)
    .offset(page.page * page.size);
  return rows.map((row) => row.id);
}

/**
 * totalElements without a search text: exact up to `cap` rows (a count that stops after cap + 1 index
 * entries, cheap at any table size); beyond that the planner's estimate, never less than cap + 1. Counting
 * a million rows exactly would cost more than the page itself on every request.
 */
export async function countArticles(
  db: DbOrTx,
  filter: ArticleFilter,
  cap: number,
): Promise<{ total: number; estimate: boolean }> {
  const where = filterCondition(filter);
  const counted = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${articles} where ${where ?? sql`true`} limit ${cap + 1}) capped`,
  );
  const exact = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
  if (exact <= cap) return { total: exact, estimate: false };
  return { total: Math.max(await estimateRows(db, where), cap + 1), estimate: true };
}

/** The planner's row estimate for the articles matching `where` (EXPLAIN, nothing is executed). */
async function estimateRows(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const explained = await db.execute(
    sql`explain (format json) select 1 from ${articles} where ${where ?? sql`true`}`,
  );
  const first = rowsOf<Record<string, unknown>>(explained)[0] ?? {};
  const raw = Object.values(first)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}
