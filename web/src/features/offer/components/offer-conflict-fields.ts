import type { ConflictField } from '../../../lib/edit-conflict';
import {
  dayText,
  deliveryConditionText,
  technicalSpecConflictFields,
} from '../../../lib/enquiry-offer-conflict-fields';
import { formatPrice } from '../../../lib/format';
import type { OfferTextKey } from '../offer-i18n';

/** The offer form's fields for the conflict message (SPEC §8 CHANGED_MEANWHILE), labelled as in the form. */
export function offerConflictFields(t: (key: OfferTextKey) => string): ConflictField<unknown>[] {
  return [
    { name: 'offerNumber', label: t('fields.offerNumber') },
    { name: 'price', label: t('fields.price'), format: (value) => formatPrice(value as number) },
    { name: 'deliveryCondition', label: t('fields.deliveryCondition'), format: deliveryConditionText },
    { name: 'desiredDeliveryDate', label: t('fields.desiredDeliveryDate'), format: dayText },
    { name: 'validUntil', label: t('fields.validUntil'), format: dayText },
    { name: 'additionalInfoSupplier', label: t('fields.additionalInfoSupplier') },
    ...technicalSpecConflictFields(),
  ];
}
