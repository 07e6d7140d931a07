import {
  DELIVERY_CONDITION_LABELS,
  TECHNICAL_SPEC_FIELD_LABELS,
  technicalSpecValueLabel,
} from '@portal/domain/rules/technical-spec-labels';
import { TECHNICAL_SPEC_FIELDS } from '@portal/domain/schemas/technical-spec';
import type { ConflictField } from './edit-conflict';
import { formatDate } from './format';

// The fields enquiry and offer forms share, for the conflict message (SPEC §8 CHANGED_MEANWHILE).

/** A delivery condition as its select shows it. */
export const deliveryConditionText = (value: unknown) =>
  DELIVERY_CONDITION_LABELS[value as keyof typeof DELIVERY_CONDITION_LABELS] ?? String(value);

/** A desired delivery date as typed (YYYY-MM-DD) in the German form the date field shows. */
export const dayText = (value: unknown) => formatDate(`${String(value)}T12:00:00Z`);

/**
 * The technical options of enquiries and offers for the conflict message: each option under
 * `technicalSpec.` with its German label and the label of its value.
 */
export function technicalSpecConflictFields(): ConflictField<unknown>[] {
  return TECHNICAL_SPEC_FIELDS.map((field) => ({
    name: `technicalSpec.${field}`,
    label: TECHNICAL_SPEC_FIELD_LABELS[field],
    format: (value: unknown) => technicalSpecValueLabel(field, value as string),
  }));
}
