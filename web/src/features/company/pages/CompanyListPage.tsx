import { Button, Group, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { COMPANY_TYPES } from '@portal/domain/enums';
import { companyStatus } from '@portal/domain/rules/company-status';
import type { companyListItem } from '@portal/domain/schemas/company';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { DataTable, type DataTableColumn, TableSearch, useTableState } from '../../../components/data-table';
import {
  DeleteSelectedButton,
  displayColumn,
  ListPageHeader,
  pageProps,
  useBulkDelete,
  useUrlFilter,
} from '../../../components/list-page';
import { StatusBadge } from '../../../components/StatusBadge';
import { useDeleteCompanies } from '../api/delete-companies';
import { useCompanies } from '../api/get-companies';

type CompanyItem = z.infer<typeof companyListItem>;

/** SPEC §2 company list: search, type filter, selection and delete with confirmation, add. */
export default function CompanyListPage() {
  const { t } = useTranslation('company');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const table = useTableState({ defaultSort: { column: 'name', descending: false } });
  const [type, setType] = useUrlFilter('type');
  const [search] = useDebouncedValue(table.query.search, 250);
  const companies = useCompanies({ ...table.query, search, type });
  const { selectedIds, requestDelete, selectionProps } = useBulkDelete({
    mutation: useDeleteCompanies(),
    confirmMessage: (count) => t('list.deleteConfirm', { count }),
    doneMessage: () => t('list.deleted'),
    notAllMessage: t('list.notAllDeleted'),
  });

  const columns: DataTableColumn<CompanyItem>[] = [
    { key: 'name', header: t('columns.name'), sortable: true, render: (row) => row.name },
    {
      key: 'type',
      header: t('columns.type'),
      sortable: true,
      render: (row) => tc(`companyType.${row.type}`),
    },
    {
      key: 'city',
      header: t('columns.city'),
      sortable: true,
      render: (row) => `${row.address.zip} ${row.address.city}`.trim(),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortable: true,
      render: (row) => <StatusBadge status={companyStatus(row)} />,
    },
    displayColumn(t('columns.actions'), (row) => navigate(`/company/${row.id}`)),
  ];

  return (
    <Stack>
      <ListPageHeader title={t('list.title')}>
        <Group>
          <DeleteSelectedButton
            selected={selectedIds.length}
            onClick={requestDelete}
            label={t('list.deleteSelected')}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/company/new')}>
            {t('list.add')}
          </Button>
        </Group>
      </ListPageHeader>
      <Group grow align="end">
        <TableSearch table={table} label={tc('search')} placeholder={t('list.search')} />
        <Select
          label={t('list.typeFilter')}
          placeholder={t('list.allTypes')}
          clearable
          value={type ?? null}
          onChange={setType}
          data={COMPANY_TYPES.map((value) => ({ value, label: tc(`companyType.${value}`) }))}
        />
      </Group>
      <DataTable
        aria-label={t('list.title')}
        columns={columns}
        {...pageProps(companies)}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        {...table.tableProps}
        {...selectionProps()}
        emptyText={t('list.empty')}
      />
    </Stack>
  );
}
