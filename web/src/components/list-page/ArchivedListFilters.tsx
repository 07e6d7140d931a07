import { Group, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TableSearch, type TableState } from '../data-table';

/**
 * The filter row of a list whose records are archived rather than deleted (enquiries, offers): the search
 * on the left, the switch for the archived ones on the right (left out where the person cannot archive).
 */
export function ArchivedListFilters({
  table,
  placeholder,
  archivedLabel,
  showArchived,
  onArchivedChange,
  withSwitch = true,
}: {
  table: TableState;
  placeholder: string;
  archivedLabel: string;
  showArchived: boolean;
  onArchivedChange(checked: boolean): void;
  withSwitch?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group align="end" justify="space-between">
      <div style={{ flex: '1 1 260px', maxWidth: 480 }}>
        <TableSearch table={table} label={t('search')} placeholder={placeholder} />
      </div>
      {withSwitch && (
        <Switch
          label={archivedLabel}
          checked={showArchived}
          onChange={(event) => onArchivedChange(event.currentTarget.checked)}
          mb={6}
        />
      )}
    </Group>
  );
}
