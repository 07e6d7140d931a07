import { decideEnquiryClosing } from '@portal/domain/rules/enquiry-status';
import type { RequestActor } from '../../../auth/actor';
import { manageableEnquiry } from '../enquiry.policy';
import { updateEnquiry } from '../enquiry.repository';
import { enquiryDetail } from '../enquiry-detail';
import { auditEnquiry, type EnquiryCommandDeps } from './enquiry-command';
import { enquiryRefusal } from './enquiry-refusal';

/** Closes (`closed`) or reopens the customer's enquiry; already so, it answers the enquiry as it is. */
function setEnquiryClosed(deps: EnquiryCommandDeps, actor: RequestActor, id: string, closed: boolean) {
  return deps.db.transaction(async (tx) => {
    const { enquiry, customerName } = await manageableEnquiry(tx, actor, id, { lock: true });
    const decision = decideEnquiryClosing(enquiry, closed);
    if (!decision.allowed) throw enquiryRefusal(decision);
    if (!decision.changes) return enquiryDetail(tx, actor, enquiry, customerName);
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
