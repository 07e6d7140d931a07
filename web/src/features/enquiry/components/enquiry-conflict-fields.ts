import { ENQUIRY_FIELD_LABELS } from '@portal/domain/rules/technical-spec-labels';
import type { ConflictField } from '../../../lib/edit-conflict';
import {
  dayText,
  deliveryConditionText,
  technicalSpecConflictFields,
} from '../../../lib/enquiry-offer-conflict-fields';
import { formatNumber, formatPrice } from '../../../lib/format';

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
