import {
  DELIVERY_CONDITION_LABELS,
  ENQUIRY_FIELD_LABELS,
  TECHNICAL_SPEC_FIELD_LABELS,
  technicalSpecValueLabel,
} from '@portal/domain/rules/technical-spec-labels';
import { TECHNICAL_SPEC_FIELDS } from '@portal/domain/schemas/technical-spec';
import type { ConflictField } from '../../../lib/edit-conflict';
import { formatDate, formatNumber, formatPrice } from '../../../lib/format';

/** A delivery condition as its select shows it. */
export const deliveryConditionText = (value: unknown) =>
  DELIVERY_CONDITION_LABELS[value as keyof typeof DELIVERY_CONDITION_LABELS] ?? String(value);

/** A desired delivery date as typed (YYYY-MM-DD) in the German form the date field shows. */
export const dayText = (value: unknown) => formatDate(`${String(value)}T12:00:00Z`);

/**
 * The technical options of enquiries and offers for the conflict message (SPEC §8 CHANGED_MEANWHILE): each
 * option under `technicalSpec.` with its German label and the label of its value.
 */
export function technicalSpecConflictFields(): ConflictField<unknown>[] {
  return TECHNICAL_SPEC_FIELDS.map((field) => ({
    name: `technicalSpec.${field}`,
    label: TECHNICAL_SPEC_FIELD_LABELS[field],
    format: (value: unknown) => technicalSpecValueLabel(field, value as string),
  }));
}

/** The enquiry form's fields: project data and technical options. */
export function enquiryConflictFields(): ConflictField<unknown>[] {
  const L = ENQUIRY_FIELD_LABELS;
  return [
    { name: 'title', label: L.title },
    { name: 'referenceNumber', label: L.referenceNumber },
    { name: 'deliveryCondition', label: L.deliveryCondition, format: deliveryConditionText },
    { name: 'desiredDeliveryDate', label: L.desiredDeliveryDate, format: dayText },
    { name: 'amount', label: L.amount, format: (value) => formatNumber(value as number, 0) },
    { name: 'price', label: L.price, format: (value) => formatPrice(value as number) },
    { name: 'location', label: L.location },
    { name: 'additionalInfo', label: L.additionalInfo },
    ...technicalSpecConflictFields(),
  ];
}
