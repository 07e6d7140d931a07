import type { OfferStateChangeQuery, offerAwardBody } from '@portal/domain/schemas/offer';
import type { z } from 'zod';
import type { RequestActor } from '../../../auth/actor';
import { awardSplit } from './award-split';
import { changeOfferState } from './change-offer-state';
import type { OfferCommandDeps } from './offer-command';
import type { OfferUpdateInput } from './offer-draft';
import { releaseOffer } from './release-offer';
import { reviseOffer } from './revise-offer';
import { saveOffer } from './save-offer';

/**
 * ARCHITECTURE §1: the offer's business steps (SPEC §4), one command each: it owns its transaction, loads the
 * offer once (locked), asks domain/rules/offer-state.ts, writes through the repository and emits one event.
 */
export function createOfferCommands(deps: OfferCommandDeps) {
  return {
    save: (actor: RequestActor, input: OfferUpdateInput) => saveOffer(deps, actor, input),
    release: (actor: RequestActor, input: OfferUpdateInput) => releaseOffer(deps, actor, input),
    changeState: (actor: RequestActor, query: OfferStateChangeQuery) => changeOfferState(deps, actor, query),
    revise: (actor: RequestActor, offerId: string) => reviseOffer(deps, actor, offerId),
    awardSplit: (actor: RequestActor, body: z.output<typeof offerAwardBody>) => awardSplit(deps, actor, body),
  };
}

export type OfferCommands = ReturnType<typeof createOfferCommands>;
