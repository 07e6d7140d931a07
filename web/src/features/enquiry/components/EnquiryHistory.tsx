import { enquiryFieldLabel, technicalSpecValueLabel } from '@portal/domain/rules/technical-spec-labels';
import type { ChangeEntry } from '@portal/domain/schemas/change-entry';
import { ChangeHistory } from '../../../components/ChangeHistory';
import { formatDate, formatPrice } from '../../../lib/format';
import i18n from '../../../lib/i18n';

/** A recorded value of an enquiry as a person reads it: option labels, Ja/Nein, dates and euros in German. */
function enquiryValueLabel(field: string, value: string): string {
  if (field === 'desiredDeliveryDate' || field === 'releaseDate') return formatDate(value);
  if (field === 'price' && /^-?\d+(\.\d+)?$/.test(value)) return formatPrice(Number(value));
  if (['released', 'closed', 'archived'].includes(field)) {
    if (value === 'true') return i18n.t('yes');
    if (value === 'false') return i18n.t('no');
  }
  return technicalSpecValueLabel(field, value);
}

/** SPEC §3 changeEntries of an enquiry, with the German names of its fields and options. */
export function EnquiryHistory({ entries }: { entries: ChangeEntry[] }) {
  return <ChangeHistory entries={entries} fieldLabel={enquiryFieldLabel} valueLabel={enquiryValueLabel} />;
}
