import { Button, Group, Select, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { COMPANY_TYPES } from '@portal/domain/enums';
import { companyStatus } from '@portal/domain/rules/company-status';
import type { companyListItem } from '@portal/domain/schemas/company';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { confirmAction } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn, TableSearch, useTableState } from '../../../components/data-table';
import { StatusBadge } from '../../../components/StatusBadge';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteCompanies } from '../api/delete-companies';
import { useCompanies } from '../api/get-companies';

type CompanyItem = z.infer<typeof companyListItem>;

/** SPEC §2 company list: search, type filter, selection and delete with confirmation, add. */
export default function CompanyListPage() {
  const { t } = useTranslation('company');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const table = useTableState({ defaultSort: { column: 'name', descending: false } });
  const [searchParams, setSearchParams] = useSearchParams();
  const type = searchParams.get('type') ?? undefined;
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [search] = useDebouncedValue(table.query.search, 250);
  const companies = useCompanies({ ...table.query, search, type });
  const deleteCompanies = useDeleteCompanies();

  const handleTypeChange = (value: string | null) => {
    setSearchParams((params) => {
      if (value) params.set('type', value);
      else params.delete('type');
      params.delete('page');
      return params;
    });
  };

  const handleDelete = () => {
    confirmAction({
      message: t('list.deleteConfirm', { count: selectedIds.length }),
      onConfirm: () =>
        deleteCompanies.mutate(selectedIds, {
          onSuccess: (result) => {
            if (result.failed.length === 0) notifySuccess(t('list.deleted'));
            else notifyError(t('list.notAllDeleted'));
            setSelectedIds([]);
          },
          onError: (error) => notifyError(error.message),
        }),
    });
  };

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
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (row) => (
        <Button size="xs" variant="light" onClick={() => navigate(`/company/${row.id}`)}>
          {tc('display')}
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('list.title')}</Title>
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={selectedIds.length === 0}
            onClick={handleDelete}
          >
            {t('list.deleteSelected')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/company/new')}>
            {t('list.add')}
          </Button>
        </Group>
      </Group>
      <Group grow align="end">
        <TableSearch table={table} label={tc('search')} placeholder={t('list.search')} />
        <Select
          label={t('list.typeFilter')}
          placeholder={t('list.allTypes')}
          clearable
          value={type ?? null}
          onChange={handleTypeChange}
          data={COMPANY_TYPES.map((value) => ({ value, label: tc(`companyType.${value}`) }))}
        />
      </Group>
      <DataTable
        aria-label={t('list.title')}
        columns={columns}
        rows={companies.data?.content ?? []}
        getRowId={(row) => row.id}
        total={companies.data?.totalElements ?? 0}
        {...table.tableProps}
        selectable
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        loading={companies.isFetching}
        emptyText={t('list.empty')}
      />
    </Stack>
  );
}
