import type { OfferState } from '@portal/domain/enums';
import {
  OFFER_STAGE_STATES,
  OFFER_STAGES,
  type OfferStage,
  offerStage,
} from '@portal/domain/rules/offer-state';

/** The router's list of each SPEC §4 stage (SPEC §2 menu); an offer's own page is `{path}/{id}`. */
export const OFFER_STAGE_PATHS = {
  OFFER: '/offer',
  ORDER: '/order',
  JOB: '/job',
} as const satisfies Record<OfferStage, string>;
export type OfferListPath = (typeof OFFER_STAGE_PATHS)[OfferStage];

/** The list an offer in `state` belongs to. */
export function offerListPath(state: OfferState): OfferListPath {
  return OFFER_STAGE_PATHS[offerStage(state)];
}

/** The states a list shows: those of its stage. */
export function offerListStates(path: OfferListPath): readonly OfferState[] {
  const stage = OFFER_STAGES.find((candidate) => OFFER_STAGE_PATHS[candidate] === path) ?? 'OFFER';
  return OFFER_STAGE_STATES[stage];
}
