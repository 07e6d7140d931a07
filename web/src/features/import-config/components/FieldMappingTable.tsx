import { Select, Table, Text } from '@mantine/core';
import {
  headerKey,
  IMPORT_FIELD_NAMES,
  IMPORT_FIELDS,
  type ImportField,
} from '@portal/domain/rules/import-mapping';
import type { FieldMappingEntry } from '@portal/domain/schemas/import-config';
import { useTranslation } from 'react-i18next';

export interface FieldMappingTableProps {
  headers: string[];
  value: FieldMappingEntry[];
  onChange(mapping: FieldMappingEntry[]): void;
  error?: string;
}

/**
 * SPEC §3/§5 mapping header → article field: one row per header of the sample with a select of the
 * article fields; a field already given to another column is not offered again.
 */
export function FieldMappingTable({ headers, value, onChange, error }: FieldMappingTableProps) {
  const { t } = useTranslation('import');
  const fieldOf = (header: string) =>
    value.find((entry) => headerKey(entry.importHeader) === headerKey(header));

  const handleChange = (header: string, field: string | null) => {
    const others = value.filter((entry) => headerKey(entry.importHeader) !== headerKey(header));
    onChange(field ? [...others, { importHeader: header, articleField: field as ImportField }] : others);
  };

  return (
    <>
      <Table striped fz="sm" aria-label={t('config.mapping')} data-testid="field-mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('config.column')}</Table.Th>
            <Table.Th>{t('config.articleField')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {headers.map((header) => {
            const current = fieldOf(header)?.articleField ?? null;
            const taken = new Set(
              value.map((entry) => entry.articleField).filter((field) => field !== current),
            );
            return (
              <Table.Tr key={header}>
                <Table.Td>{header}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`${t('config.articleField')}: ${header}`}
                    placeholder={t('config.notImported')}
                    clearable
                    searchable
                    value={current}
                    onChange={(field) => handleChange(header, field)}
                    data={IMPORT_FIELD_NAMES.filter((field) => !taken.has(field)).map((field) => ({
                      value: field,
                      label: IMPORT_FIELDS[field].label,
                    }))}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}
