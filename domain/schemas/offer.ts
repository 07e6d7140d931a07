import { z } from 'zod';
import { REJECTION_REASONS } from '../enums';
import { optionalText } from './common';

/**
 * SPEC §3 Offer (rejection reason), §4 decline (issue 14, point 3). Only what the pure rules need so far;
 * the offer's request and response bodies follow with the server module.
 */

export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** German labels of SPEC §3 rejectionReason (decline dialog, offer detail). */
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  PRICE_NOT_AS_EXPECTED: 'Preis entspricht nicht den Erwartungen',
  DELIVERY_TIME_OUTSIDE_EXPECTATIONS: 'Lieferzeit entspricht nicht den Erwartungen',
  OFFER_NOT_IN_LINE_WITH_REQUIREMENTS: 'Angebot entspricht nicht den Anforderungen',
  TECHNICAL_REQUIREMENTS_CHANGED: 'Technische Anforderungen haben sich geändert',
  PROJECT_NOT_REALIZED: 'Projekt wird nicht umgesetzt',
  INDIVIDUAL: 'Anderer Grund',
};

export const REJECTION_REASON_REQUIRED = 'Bitte wählen Sie einen Ablehnungsgrund.';
export const REJECTION_TEXT_REQUIRED = 'Bitte beschreiben Sie den Ablehnungsgrund.';

/**
 * The customer's decline (SPEC §4): a rejection reason is required, its free text when the reason is
 * INDIVIDUAL. A free text sent with another reason is dropped (null), as the technical options drop the free
 * text of a choice that is not INDIVIDUAL.
 */
export const declineOfferBody = z
  .object({
    offerId: z.uuid(),
    rejectionReason: z.enum(REJECTION_REASONS, { message: REJECTION_REASON_REQUIRED }),
    rejectionReasonIndividual: optionalText(1000),
  })
  .superRefine((value, ctx) => {
    if (value.rejectionReason === 'INDIVIDUAL' && !value.rejectionReasonIndividual) {
      ctx.addIssue({ code: 'custom', path: ['rejectionReasonIndividual'], message: REJECTION_TEXT_REQUIRED });
    }
  })
  .transform((value) => ({
    ...value,
    rejectionReasonIndividual:
      value.rejectionReason === 'INDIVIDUAL' ? value.rejectionReasonIndividual : null,
  }));
export type DeclineOfferBody = z.input<typeof declineOfferBody>;
