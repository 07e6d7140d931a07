import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import type { ImportConfigResponse } from '@portal/domain/schemas/import-config';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteImportConfigs } from '../api/delete-import-configs';
import { useImportConfigs } from '../api/get-import-configs';

type SortKey = 'title' | 'manufacturer' | 'lastUpdate';

const SORT_VALUE: Record<SortKey, (config: ImportConfigResponse) => string> = {
  title: (config) => config.title.toLocaleLowerCase('de'),
  manufacturer: (config) => (config.manufacturerName ?? '').toLocaleLowerCase('de'),
  lastUpdate: (config) => config.lastUpdate,
};

/** SPEC §2 import configuration list: search, sort, paging, selection with delete, add. */
export default function ImportConfigListPage() {
  const { t } = useTranslation('import');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const table = useTableState({ defaultSort: { column: 'title', descending: false } });
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const configs = useImportConfigs();
  const deleteConfigs = useDeleteImportConfigs();

  const filtered = useMemo(() => {
    const search = table.search.trim().toLocaleLowerCase('de');
    const rows = (configs.data ?? []).filter(
      (config) =>
        !search ||
        config.title.toLocaleLowerCase('de').includes(search) ||
        config.description.toLocaleLowerCase('de').includes(search),
    );
    const sort = table.sort ?? { column: 'title', descending: false };
    const key = (sort.column in SORT_VALUE ? sort.column : 'title') as SortKey;
    const sorted = rows.sort((a, b) => SORT_VALUE[key](a).localeCompare(SORT_VALUE[key](b), 'de'));
    return sort.descending ? sorted.reverse() : sorted;
  }, [configs.data, table.search, table.sort]);
  const page = filtered.slice((table.page - 1) * table.pageSize, table.page * table.pageSize);

  const handleDelete = () =>
    confirmAction({
      message: t('config.deleteConfirm', { count: selectedIds.length }),
      onConfirm: () =>
        deleteConfigs.mutate(selectedIds, {
          onSuccess: ({ failed }) => {
            if (failed === 0) notifySuccess(t('config.deleted'));
            else notifyError(t('config.notAllDeleted'));
            setSelectedIds([]);
          },
          onError: (error) => notifyError(error.message),
        }),
    });

  const columns: DataTableColumn<ImportConfigResponse>[] = [
    { key: 'title', header: t('config.columns.title'), sortable: true, render: (row) => row.title },
    { key: 'description', header: t('config.columns.description'), render: (row) => row.description },
    {
      key: 'manufacturer',
      header: t('config.columns.manufacturer'),
      sortable: true,
      render: (row) => row.manufacturerName ?? '–',
    },
    { key: 'filename', header: t('config.columns.filename'), render: (row) => row.filename ?? '–' },
    {
      key: 'lastUpdate',
      header: t('config.columns.lastUpdate'),
      sortable: true,
      render: (row) => formatDateTime(row.lastUpdate),
    },
    {
      key: 'actions',
      header: t('config.columns.actions'),
      render: (row) => (
        <Button size="xs" variant="light" onClick={() => navigate(`/import/config/${row.id}`)}>
          {tc('display')}
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('config.listTitle')}</Title>
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={selectedIds.length === 0}
            onClick={handleDelete}
          >
            {t('config.deleteSelected')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/import/config/new')}>
            {t('config.add')}
          </Button>
        </Group>
      </Group>
      <TextInput
        label={tc('search')}
        placeholder={t('config.search')}
        leftSection={<IconSearch size={16} />}
        value={table.search}
        onChange={(event) => table.setSearch(event.currentTarget.value)}
      />
      <DataTable
        aria-label={t('config.listTitle')}
        columns={columns}
        rows={page}
        getRowId={(row) => row.id}
        total={filtered.length}
        page={table.page}
        pageSize={table.pageSize}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        sort={table.sort}
        onSortChange={table.setSort}
        selectable
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        loading={configs.isFetching}
        emptyText={t('config.empty')}
      />
    </Stack>
  );
}
