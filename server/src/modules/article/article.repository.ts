import type { ArticleImportSource } from '@portal/domain/enums';
import { articleNumberKey } from '@portal/domain/rules/article-alternatives';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  articleAlternativeNumbers,
  articles,
  articleWholesalerInfos,
  discountGroups,
  eclassEntries,
  manufacturers,
  units,
  wholesalers,
} from '../../db/schema';
import type { ReferenceNames } from './article.mapper';
import { alternativeNumberKey, manufacturerNumberKey, orderNumberKey } from './article-sql';

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleColumns = Omit<typeof articles.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type AlternativeKind = 'ORDER' | 'MANUFACTURER';

export interface ArticleDetailRow extends ArticleRow {
  manufacturerName: string;
  unitName: string | null;
  discountGroupName: string | null;
  discountPercent: number | null;
  eclassNumber: string | null;
  eclassDescription: string | null;
  wholesalerInfos: {
    wholesalerId: string;
    wholesalerName: string;
    orderNumber: string | null;
    purchasePrice: number | null;
  }[];
  possibleOrderNumbers: string[];
  possibleManufacturerNumbers: string[];
}

/** The article with the names of its references, its wholesaler prices and its alternatives. */
export async function findArticleDetail(db: DbOrTx, id: string): Promise<ArticleDetailRow | null> {
  const [row] = await db
    .select({
      article: articles,
      manufacturerName: manufacturers.displayName,
      unitName: units.displayName,
      discountGroupName: discountGroups.displayName,
      discountPercent: discountGroups.percent,
      eclassNumber: eclassEntries.eclassNumber,
      eclassDescription: eclassEntries.description,
    })
    .from(articles)
    .innerJoin(manufacturers, eq(manufacturers.id, articles.manufacturerId))
    .leftJoin(units, eq(units.id, articles.unitId))
    .leftJoin(discountGroups, eq(discountGroups.id, articles.discountGroupId))
    .leftJoin(eclassEntries, eq(eclassEntries.id, articles.eclassId))
    .where(eq(articles.id, id));
  if (!row) return null;
  const [infos, alternatives] = await Promise.all([
    db
      .select({
        wholesalerId: articleWholesalerInfos.wholesalerId,
        wholesalerName: wholesalers.displayName,
        orderNumber: articleWholesalerInfos.orderNumber,
        purchasePrice: articleWholesalerInfos.purchasePrice,
      })
      .from(articleWholesalerInfos)
      .innerJoin(wholesalers, eq(wholesalers.id, articleWholesalerInfos.wholesalerId))
      .where(eq(articleWholesalerInfos.articleId, id))
      .orderBy(asc(sql`lower(${wholesalers.displayName})`)),
    findAlternatives(db, [id]),
  ]);
  return {
    ...row.article,
    manufacturerName: row.manufacturerName,
    unitName: row.unitName,
    discountGroupName: row.discountGroupName,
    discountPercent: row.discountPercent,
    eclassNumber: row.eclassNumber,
    eclassDescription: row.eclassDescription,
    wholesalerInfos: infos,
    possibleOrderNumbers: alternatives.get(id)?.ORDER ?? [],
    possibleManufacturerNumbers: alternatives.get(id)?.MANUFACTURER ?? [],
  };
}

/** The alternatives of several articles, in the order they were entered. */
export async function findAlternatives(
  db: DbOrTx,
  articleIds: readonly string[],
): Promise<Map<string, Record<AlternativeKind, string[]>>> {
  const result = new Map<string, Record<AlternativeKind, string[]>>();
  if (articleIds.length === 0) return result;
  const rows = await db
    .select({
      articleId: articleAlternativeNumbers.articleId,
      kind: articleAlternativeNumbers.kind,
      number: articleAlternativeNumbers.number,
    })
    .from(articleAlternativeNumbers)
    .where(inArray(articleAlternativeNumbers.articleId, [...articleIds]))
    .orderBy(asc(articleAlternativeNumbers.position), asc(articleAlternativeNumbers.number));
  for (const row of rows) {
    let entry = result.get(row.articleId);
    if (!entry) {
      entry = { ORDER: [], MANUFACTURER: [] };
      result.set(row.articleId, entry);
    }
    entry[row.kind].push(row.number);
  }
  return result;
}

export async function insertArticle(
  db: DbOrTx,
  values: ArticleColumns & { articleImportSource: ArticleImportSource },
): Promise<ArticleRow> {
  const [row] = await db.insert(articles).values(values).returning();
  if (!row) throw new Error('article insert returned nothing');
  return row;
}

/** Writes an article's columns; its change time comes from the checked save (db/last-update.ts). */
export async function updateArticle(db: DbOrTx, id: string, values: ArticleColumns): Promise<void> {
  await db.update(articles).set(values).where(eq(articles.id, id));
}

/** Marks the article changed by `userId` (new alternatives): a form loaded before then names them. */
export async function touchArticle(db: DbOrTx, id: string, userId: string): Promise<void> {
  await db.update(articles).set({ updatedAt: new Date(), updatedBy: userId }).where(eq(articles.id, id));
}

/** Locks the article row for the rest of the transaction (update, replace). */
export async function lockArticle(db: DbOrTx, id: string): Promise<ArticleRow | null> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).for('update');
  return row ?? null;
}

/** Rewrites the wholesaler prices of an article. */
export async function writeWholesalerInfos(
  db: DbOrTx,
  articleId: string,
  infos: readonly { wholesalerId: string; orderNumber: string | null; purchasePrice: number | null }[],
): Promise<void> {
  await db.delete(articleWholesalerInfos).where(eq(articleWholesalerInfos.articleId, articleId));
  if (infos.length > 0) {
    await db.insert(articleWholesalerInfos).values(infos.map((info) => ({ ...info, articleId })));
  }
}

/** Rewrites the alternatives of one kind; the list order is kept. */
export async function writeAlternatives(
  db: DbOrTx,
  articleId: string,
  kind: AlternativeKind,
  numbers: readonly string[],
): Promise<void> {
  await db
    .delete(articleAlternativeNumbers)
    .where(and(eq(articleAlternativeNumbers.articleId, articleId), eq(articleAlternativeNumbers.kind, kind)));
  if (numbers.length > 0) {
    await db
      .insert(articleAlternativeNumbers)
      .values(numbers.map((number, position) => ({ articleId, kind, number, position })));
  }
}

/**
 * Serialises number checks and writes per manufacturer (SPEC §5 "numbers already taken"): two people saving
 * the same number at once cannot both pass the check. Released at the end of the transaction.
 */
export async function lockManufacturerNumbers(db: DbOrTx, manufacturerId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`article-numbers:${manufacturerId}`}, 0))`,
  );
}

/**
 * SPEC §5: is one of the numbers already the order number (or alternative order number) respectively the
 * manufacturer number (or alternative manufacturer number) of another article of the same manufacturer?
 */
export async function numbersTaken(
  db: DbOrTx,
  input: {
    manufacturerId: string;
    excludeArticleId: string | null;
    orderNumbers: readonly string[];
    manufacturerNumbers: readonly string[];
  },
): Promise<boolean> {
  const orderKeys = [...new Set(input.orderNumbers.map(articleNumberKey).filter(Boolean))];
  const manufacturerKeys = [...new Set(input.manufacturerNumbers.map(articleNumberKey).filter(Boolean))];
  if (orderKeys.length === 0 && manufacturerKeys.length === 0) return false;
  const own: SQL[] = [];
  const alternative: SQL[] = [];
  if (orderKeys.length > 0) {
    own.push(inArray(orderNumberKey, orderKeys));
    alternative.push(
      and(eq(articleAlternativeNumbers.kind, 'ORDER'), inArray(alternativeNumberKey, orderKeys))!,
    );
  }
  if (manufacturerKeys.length > 0) {
    own.push(inArray(manufacturerNumberKey, manufacturerKeys));
    alternative.push(
      and(
        eq(articleAlternativeNumbers.kind, 'MANUFACTURER'),
        inArray(alternativeNumberKey, manufacturerKeys),
      )!,
    );
  }
  const other = input.excludeArticleId ? ne(articles.id, input.excludeArticleId) : undefined;
  const [byNumber] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.manufacturerId, input.manufacturerId), other, sql`(${sql.join(own, sql` or `)})`))
    .limit(1);
  if (byNumber) return true;
  const [byAlternative] = await db
    .select({ id: articles.id })
    .from(articleAlternativeNumbers)
    .innerJoin(articles, eq(articles.id, articleAlternativeNumbers.articleId))
    .where(
      and(
        eq(articles.manufacturerId, input.manufacturerId),
        other,
        sql`(${sql.join(alternative, sql` or `)})`,
      ),
    )
    .limit(1);
  return byAlternative !== undefined;
}

/** Deletes the articles (their wholesaler prices and alternatives go with them); returns the deleted ids. */
export async function deleteArticles(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(articles)
    .where(inArray(articles.id, [...ids]))
    .returning({ id: articles.id });
  return rows.map((row) => row.id);
}

/** The discount group's manufacturer (a group belongs to one manufacturer, SPEC §3). */
export async function findDiscountGroupManufacturer(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ manufacturerId: discountGroups.manufacturerId })
    .from(discountGroups)
    .where(eq(discountGroups.id, id));
  return row?.manufacturerId ?? null;
}

/** Display names of the records an article refers to (for the history). */
export async function findReferenceNames(
  db: DbOrTx,
  ids: {
    manufacturers: string[];
    units: string[];
    discountGroups: string[];
    eclass: string[];
    wholesalers: string[];
  },
): Promise<ReferenceNames> {
  const unique = (list: string[]) => [...new Set(list.filter(Boolean))];
  const toMap = (rows: { id: string; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
  const none = Promise.resolve([] as { id: string; name: string }[]);
  const byIds = (list: string[]) => unique(list);
  const [m, u, g, e, w] = [ids.manufacturers, ids.units, ids.discountGroups, ids.eclass, ids.wholesalers].map(
    byIds,
  );
  const [manufacturerRows, unitRows, groupRows, eclassRows, wholesalerRows] = await Promise.all([
    m!.length
      ? db
          .select({ id: manufacturers.id, name: manufacturers.displayName })
          .from(manufacturers)
          .where(inArray(manufacturers.id, m!))
      : none,
    u!.length
      ? db.select({ id: units.id, name: units.displayName }).from(units).where(inArray(units.id, u!))
      : none,
    g!.length
      ? db
          .select({ id: discountGroups.id, name: discountGroups.displayName })
          .from(discountGroups)
          .where(inArray(discountGroups.id, g!))
      : none,
    e!.length
      ? db
          .select({ id: eclassEntries.id, name: eclassEntries.eclassNumber })
          .from(eclassEntries)
          .where(inArray(eclassEntries.id, e!))
      : none,
    w!.length
      ? db
          .select({ id: wholesalers.id, name: wholesalers.displayName })
          .from(wholesalers)
          .where(inArray(wholesalers.id, w!))
      : none,
  ]);
  return {
    manufacturers: toMap(manufacturerRows),
    units: toMap(unitRows),
    discountGroups: toMap(groupRows),
    eclass: toMap(eclassRows),
    wholesalers: toMap(wholesalerRows),
  };
}
