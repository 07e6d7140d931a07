import type { OfferArticleTotals } from '@portal/domain/schemas/offer';
import { count, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articles, bomLines } from '../../db/schema';
import { ownerWhere } from '../bom';

/** Issue 14: Σ quantity × price per piece of an offer's articles, with how many lines are priced. */
export async function offerTotals(db: DbOrTx, offerId: string): Promise<OfferArticleTotals> {
  const [row] = await db
    .select({
      lineCount: count(),
      pricedLines: count(bomLines.pricePerPiece),
      total: sql<number>`coalesce(sum(round(coalesce(${bomLines.quantity}, 0) * ${bomLines.pricePerPiece}, 2)), 0)::float8`,
    })
    .from(bomLines)
    .where(ownerWhere({ offerId }));
  return {
    lineCount: Number(row?.lineCount ?? 0),
    pricedLines: Number(row?.pricedLines ?? 0),
    total: Number(row?.total ?? 0),
  };
}
