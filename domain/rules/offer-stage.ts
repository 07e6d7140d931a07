import type { OfferState } from '../enums';

/**
 * SPEC §4 the business stage an offer is at: an offer, an order once accepted, a job once confirmed. Each
 * stage has its own list; where that list lives (its path) is for the server's answers and the web's router.
 */
export const OFFER_STAGES = ['OFFER', 'ORDER', 'JOB'] as const;
export type OfferStage = (typeof OFFER_STAGES)[number];

/** SPEC §4 lists: offers = OPEN and DECLINED, orders = ACCEPTED, jobs = CONFIRMED. */
export const OFFER_STAGE_STATES: Record<OfferStage, readonly OfferState[]> = {
  OFFER: ['OPEN', 'DECLINED'],
  ORDER: ['ACCEPTED'],
  JOB: ['CONFIRMED'],
};

export function offerStage(state: OfferState): OfferStage {
  if (state === 'ACCEPTED') return 'ORDER';
  if (state === 'CONFIRMED') return 'JOB';
  return 'OFFER';
}

/** SPEC §4 state colours of the badge. */
export const OFFER_STATE_COLOURS: Record<OfferState, string> = {
  OPEN: '#575656',
  DECLINED: '#C5102C',
  ACCEPTED: '#15A34E',
  CONFIRMED: '#4a7bf8',
};

export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  OPEN: 'Offen',
  DECLINED: 'Abgelehnt',
  ACCEPTED: 'Angenommen',
  CONFIRMED: 'Bestätigt',
};

/** SPEC §2 release badge of the lists: archived, else released, else default (a draft). */
export type OfferReleaseBadge = 'ARCHIVED' | 'RELEASED' | 'DEFAULT';
export const OFFER_RELEASE_BADGE_LABELS: Record<OfferReleaseBadge, string> = {
  ARCHIVED: 'Archiviert',
  RELEASED: 'Freigegeben',
  DEFAULT: 'Entwurf',
};
export function offerReleaseBadge(offer: { archived: boolean; released: boolean }): OfferReleaseBadge {
  if (offer.archived) return 'ARCHIVED';
  return offer.released ? 'RELEASED' : 'DEFAULT';
}
