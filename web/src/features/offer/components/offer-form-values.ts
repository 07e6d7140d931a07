import type { DeliveryCondition } from '@portal/domain/enums';
import { ISO_DAY } from '@portal/domain/rules/berlin-date';
import { cleanTechnicalSpec } from '@portal/domain/rules/technical-spec';
import { type OfferResponse, type OfferUpdateBody, offerUpdateBody } from '@portal/domain/schemas/offer';
import type { TechnicalSpec } from '@portal/domain/schemas/technical-spec';
import { z } from 'zod';
import { offerText } from '../offer-i18n';

/** What the offer form edits: the update body with empty texts as '' and the date as typed (YYYY-MM-DD). */
export interface OfferFormValues {
  offerNumber: string;
  price: number | null;
  deliveryCondition: DeliveryCondition | null;
  desiredDeliveryDate: string;
  /** "gültig bis" as typed; '' lets the release set release day + 30 days. */
  validUntil: string;
  additionalInfoSupplier: string;
  technicalSpec: TechnicalSpec;
}

/** The fields of the form a 422 of the release can name (the rest are shown as warnings). */
export const OFFER_FORM_FIELDS = [
  'offerNumber',
  'price',
  'deliveryCondition',
  'desiredDeliveryDate',
  'validUntil',
] as const;

export function toOfferForm(offer: OfferResponse): OfferFormValues {
  return {
    offerNumber: offer.offerNumber ?? '',
    price: offer.price,
    deliveryCondition: offer.deliveryCondition,
    desiredDeliveryDate: offer.desiredDeliveryDate ?? '',
    validUntil: offer.validUntil ?? '',
    additionalInfoSupplier: offer.additionalInfoSupplier ?? '',
    technicalSpec: offer.technicalSpec as TechnicalSpec,
  };
}

/**
 * The API's update body without the id and the loaded `lastUpdate` (the page adds both), same messages, the date
 * as typed ('' is none).
 */
const typedDay = z
  .string()
  .nullish()
  .transform((value, context) => {
    const day = value?.trim();
    if (!day) return null;
    if (!ISO_DAY.test(day) || Number.isNaN(Date.parse(day))) {
      context.addIssue({ code: 'custom', message: offerText('fields.dateInvalid') });
      return z.NEVER;
    }
    return day;
  });

export const offerFormSchema = offerUpdateBody.omit({ offerId: true, lastUpdate: true }).extend({
  desiredDeliveryDate: typedDay,
  validUntil: typedDay,
});
export type OfferFormOutput = z.output<typeof offerFormSchema>;

/**
 * The body of save and release, based on the version loaded at `lastUpdate` (SPEC §8 CHANGED_MEANWHILE):
 * options that do not apply are back at their defaults.
 */
export function toOfferBody(offerId: string, lastUpdate: string, values: OfferFormOutput): OfferUpdateBody {
  return { ...values, offerId, lastUpdate, technicalSpec: cleanTechnicalSpec(values.technicalSpec) };
}
