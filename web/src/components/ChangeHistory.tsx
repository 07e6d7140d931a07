import { Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { type ChangeValueFormat, presentChangeValue } from '@portal/domain/rules/change-values';
import type { ChangeEntry } from '@portal/domain/schemas/change-entry';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../lib/format';

/** SPEC §3 changeEntries as a history panel: who changed which field from what to what, when. */
export function ChangeHistory({
  entries,
  fieldLabel,
  valueLabel,
}: {
  entries: ChangeEntry[];
  fieldLabel: (field: string) => string;
  /** How a recorded value reads (e.g. the German label of an option); by default by its field's kind. */
  valueLabel?: (field: string, value: string) => string;
}) {
  const { t } = useTranslation();
  const format: ChangeValueFormat = {
    yes: t('yes'),
    no: t('no'),
    number: (value) => formatNumber(value, 6),
    companyType: (type) => t(`companyType.${type}` as 'companyType.ADMIN', { defaultValue: type }),
  };
  const show = (field: string, value: string | null) =>
    value === null ? '–' : valueLabel ? valueLabel(field, value) : presentChangeValue(field, value, format);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('history.title')}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('history.empty')}
        </Text>
      ) : (
        // A scrolling box must be reachable by keyboard (WCAG 2.1.1), named like its table.
        <ScrollArea.Autosize
          mah={320}
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('history.title') }}
        >
          <Table striped fz="sm" aria-label={t('history.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.at')}</Table.Th>
                <Table.Th>{t('history.by')}</Table.Th>
                <Table.Th>{t('history.field')}</Table.Th>
                <Table.Th>{t('history.from')}</Table.Th>
                <Table.Th>{t('history.to')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDateTime(entry.createDate)}</Table.Td>
                  <Table.Td>{entry.userName}</Table.Td>
                  <Table.Td>{fieldLabel(entry.field)}</Table.Td>
                  <Table.Td>{show(entry.field, entry.oldValue)}</Table.Td>
                  <Table.Td>{show(entry.field, entry.newValue)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
