import { addCalendarDays, berlinDay, germanDay, ISO_DAY } from './berlin-date';

/**
 * How long a released offer binds its supplier ("gültig bis"): a calendar day in Berlin. The supplier sets it
 * on its draft; left empty, the release sets it to the release day plus OFFER_VALIDITY_DAYS. The offer is
 * valid through that whole day and expired from the next morning; an expired offer cannot be accepted, and
 * its supplier is reminded the day before (the reminder run on the server).
 */

export const OFFER_VALIDITY_DAYS = 30;

export const OFFER_EXPIRED_LABEL = 'abgelaufen';
export const OFFER_EXPIRED_MESSAGE =
  'Das Angebot ist abgelaufen und kann nicht mehr angenommen werden. Bitten Sie den Lieferanten um eine überarbeitete Version.';
export const VALID_UNTIL_PAST_MESSAGE = 'Das Datum „gültig bis“ darf nicht in der Vergangenheit liegen.';

/** The validity a release gives: the supplier's own day, else the release day plus 30 days. */
export function validUntilOnRelease(chosen: string | null, releasedAt: Date): string {
  return chosen ?? addCalendarDays(berlinDay(releasedAt), OFFER_VALIDITY_DAYS);
}

/** A day the supplier may choose before the release: today or later (Berlin), a real calendar day. */
export function validUntilProblem(validUntil: string | null, now: Date = new Date()): string | null {
  if (validUntil === null) return null;
  if (!ISO_DAY.test(validUntil) || addCalendarDays(validUntil, 0) !== validUntil) {
    return 'Bitte geben Sie ein gültiges Datum für „gültig bis“ ein.';
  }
  return validUntil < berlinDay(now) ? VALID_UNTIL_PAST_MESSAGE : null;
}

/** Expired: released, and the Berlin day of `now` lies after the last valid day. Drafts never expire. */
export function isOfferExpired(
  offer: { released: boolean; validUntil: string | null },
  now: Date = new Date(),
): boolean {
  return offer.released && offer.validUntil !== null && berlinDay(now) > offer.validUntil;
}

/** The day whose offers get their reminder today: those whose last valid day is tomorrow (Berlin). */
export function reminderDayFor(now: Date = new Date()): string {
  return addCalendarDays(berlinDay(now), 1);
}

/** "gültig bis 01.06.2030", or "abgelaufen am 01.06.2030" once expired; null without a validity. */
export function validityText(
  offer: { released: boolean; validUntil: string | null },
  now: Date = new Date(),
): string | null {
  if (offer.validUntil === null) return null;
  return isOfferExpired(offer, now)
    ? `${OFFER_EXPIRED_LABEL} seit ${germanDay(addCalendarDays(offer.validUntil, 1))}`
    : `gültig bis ${germanDay(offer.validUntil)}`;
}
