import type { OfferArticleFacts } from '@portal/domain/rules/offer-diff';
import type { OfferArticleTotals } from '@portal/domain/schemas/offer';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articles, bomLines, manufacturers, units } from '../../db/schema';
import { ownerWhere } from '../bom';

/** Σ quantity × price per piece of an offer's articles, with how many lines are priced. */
export async function offerTotals(db: DbOrTx, offerId: string): Promise<OfferArticleTotals> {
  const [row] = await db
    .select({
      lineCount: count(),
      pricedLines: count(bomLines.pricePerPiece),
      total: sql<number>`coalesce(sum(round(coalesce(${bomLines.quantity}, 0) * ${bomLines.pricePerPiece}, 2)), 0)::float8`,
      longestDeliveryTime: sql<number | null>`max(${bomLines.deliveryTime})`,
    })
    .from(bomLines)
    .where(ownerWhere({ offerId }));
  return {
    lineCount: Number(row?.lineCount ?? 0),
    pricedLines: Number(row?.pricedLines ?? 0),
    total: Number(row?.total ?? 0),
    longestDeliveryTime: row?.longestDeliveryTime == null ? null : Number(row.longestDeliveryTime),
  };
}

/** Writes the supplier's edit of one article line. */
export async function updateOfferArticle(
  tx: DbOrTx,
  lineId: string,
  values: Partial<typeof bomLines.$inferInsert>,
): Promise<void> {
  await tx.update(bomLines).set(values).where(eq(bomLines.id, lineId));
}

/** A catalog article as an offer line's alternative shows it (names and numbers, never a purchase price). */
export interface AlternativeArticle {
  id: string;
  manufacturerName: string | null;
  manufacturerNumber: string | null;
  orderNumber: string | null;
  description: string | null;
  unitName: string | null;
}

/** The catalog articles offered as alternatives, by id (one query for a page of lines). */
export async function findAlternativeArticles(
  db: DbOrTx,
  ids: readonly (string | null)[],
): Promise<Map<string, AlternativeArticle>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: articles.id,
      manufacturerName: manufacturers.displayName,
      manufacturerNumber: articles.manufacturerNumber,
      orderNumber: articles.orderNumber,
      description: articles.description,
      unitName: units.displayName,
    })
    .from(articles)
    .leftJoin(manufacturers, eq(manufacturers.id, articles.manufacturerId))
    .leftJoin(units, eq(units.id, articles.unitId))
    .where(inArray(articles.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

const articleColumns = {
  offerId: bomLines.offerId,
  originLineId: bomLines.originLineId,
  orderNumber: bomLines.orderNumber,
  manufacturerNumber: bomLines.manufacturerNumber,
  bmk: bomLines.bmk,
  quantity: bomLines.quantity,
  pricePerPiece: bomLines.pricePerPiece,
};

/** The current articles of several offers in file order, by offer. */
export async function findArticlesOfOffers(
  db: DbOrTx,
  offerIds: string[],
): Promise<Map<string, OfferArticleFacts[]>> {
  const byOffer = new Map<string, OfferArticleFacts[]>(offerIds.map((id) => [id, []]));
  if (offerIds.length === 0) return byOffer;
  const rows = await db
    .select(articleColumns)
    .from(bomLines)
    .where(
      and(
        inArray(bomLines.offerId, offerIds),
        sql`${bomLines.generation} = (select o.lines_generation from offers o where o.id = ${bomLines.offerId})`,
      ),
    )
    .orderBy(asc(bomLines.rowNumber), asc(bomLines.id));
  for (const { offerId, ...article } of rows) byOffer.get(offerId as string)?.push(article);
  return byOffer;
}
