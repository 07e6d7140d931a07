import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TableState } from './use-table-state';

/** The search field above a list: its text lives in the table state (URL), typing goes back to page 1. */
export function TableSearch({
  table,
  label,
  placeholder,
  description,
}: {
  table: TableState;
  label?: string;
  placeholder?: string;
  description?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label ?? t('search')}
      placeholder={placeholder}
      description={description}
      leftSection={<IconSearch size={16} />}
      value={table.search}
      onChange={(event) => table.setSearch(event.currentTarget.value)}
    />
  );
}
