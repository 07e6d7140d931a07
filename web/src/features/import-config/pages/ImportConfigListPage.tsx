import { Button, Group, Stack } from '@mantine/core';
import type { ImportConfigResponse } from '@portal/domain/schemas/import-config';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn, TableSearch, useTableState } from '../../../components/data-table';
import {
  DeleteSelectedButton,
  displayColumn,
  ListPageHeader,
  useBulkDelete,
} from '../../../components/list-page';
import { formatDateTime } from '../../../lib/format';
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
  const configs = useImportConfigs();
  const { selectedIds, requestDelete, selectionProps } = useBulkDelete({
    mutation: useDeleteImportConfigs(),
    confirmMessage: (count) => t('config.deleteConfirm', { count }),
    doneMessage: () => t('config.deleted'),
    notAllMessage: t('config.notAllDeleted'),
  });

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
    displayColumn(t('config.columns.actions'), (row) => navigate(`/import/config/${row.id}`)),
  ];

  return (
    <Stack>
      <ListPageHeader title={t('config.listTitle')}>
        <Group>
          <DeleteSelectedButton
            selected={selectedIds.length}
            onClick={requestDelete}
            label={t('config.deleteSelected')}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/import/config/new')}>
            {t('config.add')}
          </Button>
        </Group>
      </ListPageHeader>
      <TableSearch table={table} label={tc('search')} placeholder={t('config.search')} />
      <DataTable
        aria-label={t('config.listTitle')}
        columns={columns}
        rows={page}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.title}
        total={filtered.length}
        {...table.tableProps}
        {...selectionProps()}
        loading={configs.isFetching}
        emptyText={t('config.empty')}
      />
    </Stack>
  );
}
