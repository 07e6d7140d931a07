import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bomLines, manufacturers, offers } from '../../db/schema';
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
      // Looked up per line by primary key: joined, the planner hashes the whole catalog (1,000,000 articles) for
      // 5,000 lines.
      discountGroup: sql<string | null>`(select dg.display_name from articles a
        join discount_groups dg on dg.id = a.discount_group_id where a.id = ${bomLines.matchedArticleId})`,
      bmk: bomLines.bmk,
      quantity: bomLines.quantity,
    })
    .from(bomLines)
    .leftJoin(manufacturers, eq(manufacturers.id, bomLines.manufacturerId))
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
      // Only for the lines the supplier replaced, by primary key (as discountGroup above).
      alternative: sql<
        string | null
      >`case when ${bomLines.manualReplacement} then (select coalesce(a.order_number,
        a.manufacturer_number) from articles a where a.id = ${bomLines.matchedArticleId}) end`,
    })
    .from(bomLines)
    .innerJoin(offers, and(eq(offers.id, bomLines.offerId), eq(offers.linesGeneration, bomLines.generation)))
    .where(inArray(bomLines.offerId, offerIds));
}
