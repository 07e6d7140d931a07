import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { offers } from '../../db/schema';
import { selectOffersWithNames } from './offer.repository';

/**
 * Up to `limit` released, open, current offers whose last valid day is `day` and whose supplier has not been
 * reminded yet, locked for this transaction. Rows another process holds are skipped (it reminds them), so
 * several server processes never remind an offer twice.
 */
export function claimExpiringOffers(tx: DbOrTx, day: string, limit: number) {
  return selectOffersWithNames(tx)
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

/**
 * Up to `limit` released, open, current offers whose last valid day lies before `today` and whose expiry has
 * not been announced yet, locked for this transaction (rows another process holds are skipped: it announces them).
 */
export function claimExpiredOffers(tx: DbOrTx, today: string, limit: number) {
  return selectOffersWithNames(tx)
    .where(
      and(
        lt(offers.validUntil, today),
        sql`${offers.released} and ${offers.state} = 'OPEN' and not ${offers.invalidated} and not ${offers.archived} and ${offers.expiredNotifiedAt} is null`,
      ),
    )
    .orderBy(asc(offers.id))
    .limit(limit)
    .for('update', { of: offers, skipLocked: true });
}

export async function markExpiredNotified(tx: DbOrTx, id: string, at: Date): Promise<void> {
  await tx.update(offers).set({ expiredNotifiedAt: at }).where(eq(offers.id, id));
}
