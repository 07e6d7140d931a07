import { canReadOffer } from '@portal/domain/permissions';
import { isUuid } from '@portal/domain/rules/uuid';
import type { RequestActor } from '../../auth/actor';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findOffer } from './offer.repository';

/**
 * SPEC §6 on the server: domain/permissions.ts canReadOffer applied to stored offers. Whoever may
 * not read an offer learns nothing about it (404, also for a malformed id); what the reader may do with it is
 * decided by domain/rules/offer-state.ts.
 */

/** The offer if the actor may read it, else 404 (`lock`: for update, inside a transaction). */
export async function readableOffer(
  db: DbOrTx,
  actor: RequestActor,
  id: string,
  options: { lock?: boolean } = {},
) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const found = await findOffer(db, id, options);
  if (!found || !canReadOffer(actor, found.offer)) throw new AppError('NOT_FOUND');
  return found;
}
