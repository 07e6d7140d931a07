import { OFFER_STATE_LABELS } from '@portal/domain/rules/offer-state';
import { enquiryFieldLabel, technicalSpecValueLabel } from '@portal/domain/rules/technical-spec-labels';
import type { ChangeEntry } from '@portal/domain/schemas/change-entry';
import { REJECTION_REASON_LABELS } from '@portal/domain/schemas/offer';
import { ChangeHistory } from '../../../components/ChangeHistory';
import { formatDate, formatPrice } from '../../../lib/format';
import i18n from '../../../lib/i18n';
import { offerText } from '../offer-i18n';

/** The offer's own fields by name; the rest are the enquiry's (technical options, delivery condition). */
const OFFER_FIELD_LABELS: Record<string, () => string> = {
  offerNumber: () => offerText('fields.offerNumber'),
  price: () => offerText('fields.price'),
  additionalInfoSupplier: () => offerText('fields.additionalInfoSupplier'),
  state: () => offerText('columns.state'),
  released: () => offerText('columns.release'),
  releaseDate: () => offerText('columns.releaseDate'),
  version: () => offerText('columns.version'),
  rejectionReason: () => offerText('detail.rejection'),
  rejectionReasonIndividual: () => offerText('dialog.declineText'),
};

function offerFieldLabel(field: string): string {
  return OFFER_FIELD_LABELS[field]?.() ?? enquiryFieldLabel(field);
}

const PRICE_FIELDS = new Set(['price', 'offerPrice']);

/** A recorded value of an offer as a person reads it. */
function offerValueLabel(field: string, value: string): string {
  if (field === 'desiredDeliveryDate' || field === 'releaseDate') return formatDate(value);
  // The server records the offer's own price as `offerPrice` (the enquiry's target price is `price`).
  if (PRICE_FIELDS.has(field) && /^-?\d+(\.\d+)?$/.test(value)) return formatPrice(Number(value));
  if (field === 'state' && Object.hasOwn(OFFER_STATE_LABELS, value)) {
    return OFFER_STATE_LABELS[value as keyof typeof OFFER_STATE_LABELS];
  }
  if (field === 'rejectionReason' && Object.hasOwn(REJECTION_REASON_LABELS, value)) {
    return REJECTION_REASON_LABELS[value as keyof typeof REJECTION_REASON_LABELS];
  }
  if (['released', 'invalidated', 'archived'].includes(field)) {
    if (value === 'true') return i18n.t('yes');
    if (value === 'false') return i18n.t('no');
  }
  return technicalSpecValueLabel(field, value);
}

/** SPEC §3 changeEntries of an offer, as the enquiry's history shows them. */
export function OfferHistory({ entries }: { entries: ChangeEntry[] }) {
  return <ChangeHistory entries={entries} fieldLabel={offerFieldLabel} valueLabel={offerValueLabel} />;
}
