import type { ChangeEntry } from '@portal/domain/schemas/change-entry';
import { useTranslation } from 'react-i18next';
import type { RecordHistory } from '../../../components/record-form';

/**
 * The change history of a named field value's form (SPEC §3): its entries and the German names of its
 * recorded fields, the names shared by every kind plus the kind's own (`labels`, e.g. the abbreviation).
 */
export function useNamedHistory<D extends { changeEntries?: ChangeEntry[] }>(
  labels: Record<string, string> = {},
): RecordHistory<D> {
  const { t } = useTranslation('fieldvalues');
  const names: Record<string, string> = {
    displayName: t('form.displayName'),
    nameVariants: t('form.nameVariants'),
    ...labels,
  };
  return { entries: (record) => record.changeEntries, fieldLabel: (field) => names[field] ?? field };
}
