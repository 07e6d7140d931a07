import { canManageEnquiry, canReadEnquiry, canWriteEnquiry } from '@portal/domain/permissions';
import { isUuid } from '@portal/domain/rules/uuid';
import type { RequestActor } from '../../auth/actor';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { type EnquiryRow, findEnquiry, isAddressedTo } from './enquiry.repository';

/**
 * SPEC §6 on the server: the pure policy of domain/permissions.ts applied to stored enquiries.
 * Whoever may not read an enquiry learns nothing about it (404, also for a malformed id); whoever may read
 * it but not do what was asked (a supplier releasing) gets 403; a released enquiry is read-only (409).
 */

export async function canRead(db: DbOrTx, actor: RequestActor, enquiry: EnquiryRow): Promise<boolean> {
  const addressedToActor =
    actor.companyType === 'SUPPLIER' && enquiry.released && !enquiry.archived
      ? await isAddressedTo(db, enquiry, actor.companyId)
      : false;
  return canReadEnquiry(actor, {
    customerId: enquiry.customerId,
    released: enquiry.released,
    archived: enquiry.archived,
    addressedToActor,
  });
}

/** The enquiry if the actor may read it, else 404 (`lock`: for update, inside a transaction). */
export async function readableEnquiry(
  db: DbOrTx,
  actor: RequestActor,
  id: string,
  options: { lock?: boolean } = {},
) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const found = await findEnquiry(db, id, options);
  if (!found || !(await canRead(db, actor, found.enquiry))) throw new AppError('NOT_FOUND');
  return found;
}

/** Archive, close, reopen, copy, release: the customer's own enquiries. */
export async function manageableEnquiry(
  db: DbOrTx,
  actor: RequestActor,
  id: string,
  options: { lock?: boolean } = {},
) {
  const found = await readableEnquiry(db, actor, id, options);
  if (!canManageEnquiry(actor, found.enquiry)) throw new AppError('FORBIDDEN');
  return found;
}

/** Fields and files: the own company's drafts; released ones are read-only for everyone (SPEC §4). */
export async function writableEnquiry(
  db: DbOrTx,
  actor: RequestActor,
  id: string,
  options: { lock?: boolean } = {},
) {
  const found = await manageableEnquiry(db, actor, id, options);
  if (!canWriteEnquiry(actor, found.enquiry)) throw new AppError('ENQUIRY_RELEASED');
  return found;
}
