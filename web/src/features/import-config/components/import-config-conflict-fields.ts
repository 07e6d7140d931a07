import { IMPORT_FIELDS, type ImportField } from '@portal/domain/rules/import-mapping';
import type { FieldMappingEntry, ImportConfigResponse } from '@portal/domain/schemas/import-config';
import type { ConflictField } from '../../../lib/edit-conflict';
import type { Option } from '../api/get-config-options';

type Translate = (key: string) => string;

const labelOf = (options: Option[], id: unknown, fallback: string | null) =>
  options.find((option) => option.value === id)?.label ?? fallback ?? '–';

/**
 * The import configuration form's fields for the conflict message (SPEC §8 CHANGED_MEANWHILE): names instead
 * of ids, the mapping as "Spalte → Artikelfeld", units by their German names.
 */
export function importConfigConflictFields(
  t: Translate,
  options: { manufacturers: Option[]; wholesalers: Option[]; units: Option[] },
): ConflictField<ImportConfigResponse>[] {
  const unit = (kind: 'lengthUnit' | 'weightUnit') => (value: unknown) => t(`${kind}.${String(value)}`);
  return [
    { name: 'title', label: t('config.title') },
    { name: 'description', label: t('config.description') },
    {
      name: 'manufacturerId',
      label: t('config.manufacturer'),
      format: (id, record) =>
        labelOf(options.manufacturers, id, id === record.manufacturerId ? record.manufacturerName : null),
    },
    {
      name: 'wholesalerId',
      label: t('config.wholesaler'),
      format: (id, record) =>
        labelOf(options.wholesalers, id, id === record.wholesalerId ? record.wholesalerName : null),
    },
    {
      name: 'defaultUnitId',
      label: t('config.defaultUnit'),
      format: (id, record) =>
        labelOf(options.units, id, id === record.defaultUnitId ? record.defaultUnitName : null),
    },
    { name: 'filename', label: t('config.columns.filename'), also: ['samplePath'] },
    { name: 'headerRowIndex', label: t('config.headerRowIndex') },
    { name: 'headers', label: t('config.column') },
    {
      name: 'fieldMapping',
      label: t('config.mapping'),
      format: (value) =>
        (value as FieldMappingEntry[])
          .map((entry) => `${entry.importHeader} → ${IMPORT_FIELDS[entry.articleField as ImportField].label}`)
          .join(', ') || '–',
    },
    { name: 'unitWidth', label: t('config.unitWidth'), format: unit('lengthUnit') },
    { name: 'unitHeight', label: t('config.unitHeight'), format: unit('lengthUnit') },
    { name: 'unitDepth', label: t('config.unitDepth'), format: unit('lengthUnit') },
    { name: 'unitWeight', label: t('config.unitWeight'), format: unit('weightUnit') },
  ];
}
