import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { companies, enquiries, offers } from '../../db/schema';

const supplier = alias(companies, 'expiry_supplier');
const customer = alias(companies, 'expiry_customer');

/**
 * Up to `limit` released, open, current offers whose last valid day is `day` and whose supplier has not been
 * reminded yet, locked for this transaction. Rows another process holds are skipped (it reminds them), so
 * several server processes never remind an offer twice.
 */
export function claimExpiringOffers(tx: DbOrTx, day: string, limit: number) {
  return tx
    .select({
      offer: offers,
      supplierName: supplier.name,
      customerName: customer.name,
      enquiryTitle: enquiries.title,
    })
    .from(offers)
    .innerJoin(supplier, eq(supplier.id, offers.supplierId))
    .innerJoin(customer, eq(customer.id, offers.customerId))
    .innerJoin(enquiries, eq(enquiries.id, offers.enquiryId))
    .where(
      and(
        eq(offers.validUntil, day),
        sql`${offers.released} and ${offers.state} = 'OPEN' and not ${offers.invalidated} and not ${offers.archived} and ${offers.expiryRemindedAt} is null`,
      ),
    )
    .orderBy(asc(offers.id))
    .limit(limit)
    .for('update', { of: offers, skipLocked: true });
}

export async function markExpiryReminded(tx: DbOrTx, id: string, at: Date): Promise<void> {
  await tx.update(offers).set({ expiryRemindedAt: at }).where(eq(offers.id, id));
}
