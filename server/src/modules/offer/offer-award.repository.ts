import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bomLines, companies, enquiries, offers } from '../../db/schema';
import { insertLinesFrom, KEPT_OFFER_VALUES, type OfferRow } from './offer.repository';

const supplier = alias(companies, 'award_supplier');

/**
 * The enquiry's row lock: every award of the enquiry takes it first (before any offer's lock), so two awards
 * at once are decided one after the other and the second sees the first's orders.
 */
export async function lockEnquiryForAward(tx: DbOrTx, enquiryId: string): Promise<void> {
  await tx.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.id, enquiryId)).for('update');
}

/** Every current version of the enquiry's offers (archived ones too: an archived job still means awarded). */
export function findAwardOffers(tx: DbOrTx, enquiryId: string) {
  return tx
    .select({ offer: offers, supplierName: supplier.name })
    .from(offers)
    .innerJoin(supplier, eq(supplier.id, offers.supplierId))
    .where(and(eq(offers.enquiryId, enquiryId), eq(offers.invalidated, false)))
    .orderBy(asc(supplier.name), asc(offers.id));
}

/**
 * Declines an open offer because the enquiry went to another supplier; null when it is no longer open (its
 * supplier revised it meanwhile), so nobody is told of a decline that did not happen.
 */
export async function declineForOtherSupplier(tx: DbOrTx, id: string): Promise<OfferRow | null> {
  const [row] = await tx
    .update(offers)
    .set({
      state: 'DECLINED',
      rejectionReason: 'OTHER_SUPPLIER_CHOSEN',
      rejectionReasonIndividual: null,
      updatedAt: new Date(),
    })
    .where(and(eq(offers.id, id), eq(offers.state, 'OPEN'), sql`not ${offers.invalidated}`))
    .returning();
  return row ?? null;
}

/** A uuid[] parameter as one text value (a split names up to 5,000 lines; one parameter each would be slow). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The enquiry lines each offer can be awarded (the origins of its current, priced lines): a line the supplier did
 * not price is not offered.
 */
export async function findAwardableLines(
  tx: DbOrTx,
  offerIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const byOffer = new Map(offerIds.map((id) => [id, new Set<string>()]));
  if (offerIds.length === 0) return byOffer;
  const rows = await tx
    .select({ offerId: bomLines.offerId, originLineId: bomLines.originLineId })
    .from(bomLines)
    .innerJoin(offers, and(eq(offers.id, bomLines.offerId), eq(offers.linesGeneration, bomLines.generation)))
    .where(
      and(
        sql`${bomLines.offerId} = any(${uuidArray(offerIds)})`,
        isNotNull(bomLines.pricePerPiece),
        isNotNull(bomLines.originLineId),
      ),
    );
  for (const row of rows) byOffer.get(row.offerId as string)?.add(row.originLineId as string);
  return byOffer;
}

/**
 * A split order's lines: the current lines of `fromOfferId` that answer the chosen enquiry lines, copied with the
 * supplier's values as the lines of `toOfferId` (its generation 0, as inserted). One statement; returns the
 * lines copied and their sum for one cabinet (each line to the cent).
 */
export async function copyChosenLines(
  tx: DbOrTx,
  fromOfferId: string,
  toOfferId: string,
  lineIds: readonly string[],
): Promise<{ lineCount: number; materialTotal: number }> {
  const source = sql`(select * from bom_lines s where s.offer_id = ${fromOfferId}
    and s.generation = (select lines_generation from offers where id = ${fromOfferId})
    and s.origin_line_id = any(${uuidArray(lineIds)}))`;
  const result = await tx.execute(sql`
    with ins as (
      ${insertLinesFrom(source, toOfferId, 0, sql`b.origin_line_id`, KEPT_OFFER_VALUES)}
      returning quantity, price_per_piece
    )
    select count(*)::int as n,
      coalesce(sum(round(coalesce(quantity, 0) * price_per_piece, 2)), 0)::float8 as total
    from ins`);
  const [row] = rowsOf<{ n: number; total: number }>(result);
  return { lineCount: Number(row?.n ?? 0), materialTotal: Number(row?.total ?? 0) };
}
