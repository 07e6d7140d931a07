import type { EnquiryRecipients } from '@portal/domain/schemas/enquiry';
import type { RequestActor } from '../../../auth/actor';
import { closeEnquiry, reopenEnquiry } from './close-enquiry';
import { copyEnquiry } from './copy-enquiry';
import type { EnquiryCommandDeps } from './enquiry-command';
import { releaseEnquiry } from './release-enquiry';

/**
 * ARCHITECTURE §1: the enquiry's business steps (SPEC §4), one command each: it owns its transaction, loads
 * the enquiry once (locked where it changes it), writes through the repository and emits one event.
 */
export function createEnquiryCommands(deps: EnquiryCommandDeps) {
  return {
    release: (actor: RequestActor, id: string, recipients: EnquiryRecipients) =>
      releaseEnquiry(deps, actor, id, recipients),
    copy: (actor: RequestActor, id: string) => copyEnquiry(deps, actor, id),
    close: (actor: RequestActor, id: string) => closeEnquiry(deps, actor, id),
    reopen: (actor: RequestActor, id: string) => reopenEnquiry(deps, actor, id),
  };
}

export type EnquiryCommands = ReturnType<typeof createEnquiryCommands>;
