import type { RequestActor } from '../../../auth/actor';
import { AppError } from '../../../errors';
import { manageableEnquiry } from '../enquiry.policy';
import { updateEnquiry } from '../enquiry.repository';
import { enquiryDetail } from '../enquiry-detail';
import { auditEnquiry, type EnquiryCommandDeps } from './enquiry-command';

/** Closes (`closed`) or reopens the customer's enquiry; already so, it answers the enquiry as it is. */
function setEnquiryClosed(deps: EnquiryCommandDeps, actor: RequestActor, id: string, closed: boolean) {
  return deps.db.transaction(async (tx) => {
    const { enquiry, customerName } = await manageableEnquiry(tx, actor, id, { lock: true });
    // Closing means "no new offers"; a draft has none to stop.
    if (closed && !enquiry.released) throw new AppError('ENQUIRY_NOT_RELEASED');
    if (enquiry.closed === closed) return enquiryDetail(tx, actor, enquiry, customerName);
    const after = await updateEnquiry(tx, id, { closed });
    await auditEnquiry(tx, actor, id, [
      { field: 'closed', oldValue: String(!closed), newValue: String(closed) },
    ]);
    await deps.events.emit(tx, closed ? 'enquiry.closed' : 'enquiry.reopened', {
      enquiry: after,
      customerName,
    });
    return enquiryDetail(tx, actor, after, customerName);
  });
}

/** SPEC §4 close: a released enquiry takes no new offers. */
export function closeEnquiry(deps: EnquiryCommandDeps, actor: RequestActor, id: string) {
  return setEnquiryClosed(deps, actor, id, true);
}

/** SPEC §4 reopen: the enquiry takes offers again. */
export function reopenEnquiry(deps: EnquiryCommandDeps, actor: RequestActor, id: string) {
  return setEnquiryClosed(deps, actor, id, false);
}
