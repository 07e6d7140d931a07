import { berlinToday } from '@portal/domain/rules/berlin-date';
import type { FieldChange } from '@portal/domain/rules/change-diff';
import { validUntilProblem } from '@portal/domain/rules/offer-validity';
import { cleanTechnicalSpec } from '@portal/domain/rules/technical-spec';
import {
  OFFER_DELIVERY_CONDITION_REQUIRED,
  OFFER_DELIVERY_DATE_REQUIRED,
  OFFER_NUMBER_REQUIRED,
  OFFER_PRICE_MESSAGE,
  type offerUpdateBody,
} from '@portal/domain/schemas/offer';
import type { z } from 'zod';
import type { RequestActor } from '../../../auth/actor';
import type { DbOrTx } from '../../../db/client';
import { claimLoadedState } from '../../../db/last-update';
import { offers } from '../../../db/schema';
import { recordChanges } from '../../audit';
import { readTechnicalSpec, technicalSpecChanges } from '../../enquiry';
import { type FoundOffer, type OfferRow, updateOffer } from '../offer.repository';

export type OfferUpdateInput = z.output<typeof offerUpdateBody>;

/** The supplier's editable fields as stored. */
function editable(input: OfferUpdateInput) {
  return {
    offerNumber: input.offerNumber,
    price: input.price,
    deliveryCondition: input.deliveryCondition,
    desiredDeliveryDate: input.desiredDeliveryDate,
    validUntil: input.validUntil,
    additionalInfoSupplier: input.additionalInfoSupplier,
    technicalSpec: cleanTechnicalSpec(input.technicalSpec),
  };
}

const text = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : String(value);

/** The history entries of a save: the changed fields (price as `offerPrice`) and technical options. */
function editChanges(before: OfferRow, after: ReturnType<typeof editable>): FieldChange[] {
  const changes: FieldChange[] = [];
  const pairs = [
    ['offerNumber', before.offerNumber, after.offerNumber],
    ['offerPrice', before.price, after.price],
    ['deliveryCondition', before.deliveryCondition, after.deliveryCondition],
    ['desiredDeliveryDate', before.desiredDeliveryDate, after.desiredDeliveryDate],
    ['validUntil', before.validUntil, after.validUntil],
    ['additionalInfoSupplier', before.additionalInfoSupplier, after.additionalInfoSupplier],
  ] as const;
  for (const [field, oldValue, newValue] of pairs) {
    if (text(oldValue) !== text(newValue))
      changes.push({ field, oldValue: text(oldValue), newValue: text(newValue) });
  }
  return [...changes, ...technicalSpecChanges(readTechnicalSpec(before.technicalSpec), after.technicalSpec)];
}

/** SPEC §5 required fields of a release, and a desired delivery date in the future. */
export function releaseFieldProblems(row: OfferRow): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (!row.offerNumber) problems.push({ path: 'offerNumber', message: OFFER_NUMBER_REQUIRED });
  if (row.price === null) problems.push({ path: 'price', message: OFFER_PRICE_MESSAGE });
  if (!row.deliveryCondition) {
    problems.push({ path: 'deliveryCondition', message: OFFER_DELIVERY_CONDITION_REQUIRED });
  }
  if (!row.desiredDeliveryDate) {
    problems.push({ path: 'desiredDeliveryDate', message: OFFER_DELIVERY_DATE_REQUIRED });
  } else if (row.desiredDeliveryDate <= berlinToday()) {
    problems.push({ path: 'desiredDeliveryDate', message: 'Der Liefertermin muss in der Zukunft liegen.' });
  }
  const validity = validUntilProblem(row.validUntil);
  if (validity) problems.push({ path: 'validUntil', message: validity });
  return problems;
}

/**
 * Writes the supplier's draft (already loaded and locked) based on the state its form loaded (`lastUpdate`):
 * never over a colleague's save. Every changed field is in the offer's history.
 */
export async function writeDraft(
  tx: DbOrTx,
  actor: RequestActor,
  found: FoundOffer,
  input: OfferUpdateInput,
): Promise<OfferRow> {
  const loaded = { lastUpdate: input.lastUpdate, userId: actor.userId };
  const updatedAt = await claimLoadedState(tx, offers, found.offer.id, loaded);
  const next = editable(input);
  const after = await updateOffer(tx, found.offer.id, { ...next, updatedAt });
  await recordChanges(
    tx,
    { entityType: 'OFFER', entityId: found.offer.id, userId: actor.userId },
    editChanges(found.offer, next),
  );
  return after;
}
