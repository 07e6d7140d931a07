import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articles, bomLines, discountGroups, manufacturers, offers } from '../../db/schema';
import { ownerWhere } from '../bom';

/**
 * The comparison's reads: one query for the enquiry's lines, one for the lines of all compared offers
 * (5 suppliers x 5,000 lines is 25,000 rows, read in one go by the offers' line index).
 */

/** The first `limit` current lines of an enquiry's BOM in file order, with the names a split by group uses. */
export function findComparisonLines(db: DbOrTx, enquiryBomId: string, limit: number) {
  return db
    .select({
      id: bomLines.id,
      rowNumber: bomLines.rowNumber,
      orderNumber: bomLines.orderNumber,
      manufacturerNumber: bomLines.manufacturerNumber,
      manufacturerName: sql<
        string | null
      >`coalesce(${manufacturers.displayName}, ${bomLines.manufacturerName})`,
      discountGroup: discountGroups.displayName,
      bmk: bomLines.bmk,
      quantity: bomLines.quantity,
    })
    .from(bomLines)
    .leftJoin(manufacturers, eq(manufacturers.id, bomLines.manufacturerId))
    .leftJoin(articles, eq(articles.id, bomLines.matchedArticleId))
    .leftJoin(discountGroups, eq(discountGroups.id, articles.discountGroupId))
    .where(ownerWhere({ enquiryBomId }))
    .orderBy(asc(bomLines.rowNumber), asc(bomLines.id))
    .limit(limit);
}

/**
 * Every current line of the offers with what the comparison shows of it: the enquiry line it answers, its
 * quantity, price per piece and lead time, and the article the supplier put in instead of the one asked for.
 */
export function findComparisonCells(db: DbOrTx, offerIds: string[]) {
  return db
    .select({
      offerId: bomLines.offerId,
      originLineId: bomLines.originLineId,
      quantity: bomLines.quantity,
      pricePerPiece: bomLines.pricePerPiece,
      deliveryTime: bomLines.deliveryTime,
      alternative: sql<
        string | null
      >`case when ${bomLines.manualReplacement} then coalesce(${articles.orderNumber}, ${articles.manufacturerNumber}) end`,
    })
    .from(bomLines)
    .innerJoin(offers, and(eq(offers.id, bomLines.offerId), eq(offers.linesGeneration, bomLines.generation)))
    .leftJoin(articles, and(eq(articles.id, bomLines.matchedArticleId), sql`${bomLines.manualReplacement}`))
    .where(inArray(bomLines.offerId, offerIds));
}
