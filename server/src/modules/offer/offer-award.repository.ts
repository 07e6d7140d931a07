import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { companies, enquiries, offers } from '../../db/schema';
import type { OfferRow } from './offer.repository';

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
