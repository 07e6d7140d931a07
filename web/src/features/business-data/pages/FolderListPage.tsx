import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { FolderListItem } from '@portal/domain/schemas/business-data';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn, TableSearch, useTableState } from '../../../components/data-table';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../auth';
import { OfferStateBadge } from '../../offer';
import { useFolders } from '../api/get-folders';
import { useFolderT } from '../business-data-i18n';

/**
 * SPEC §2 project folder list (`/business-data`): the folders of the company's offers and those shared with
 * the user's e-mail, with file counts; search by reference or offer number. With none at all, a text
 * replaces the table.
 */
export function FolderListPage() {
  const t = useFolderT();
  const navigate = useNavigate();
  const external = useSession().data?.company.type === 'EXTERNAL';
  const table = useTableState();
  const [search] = useDebouncedValue(table.search.trim(), 250);
  const folders = useFolders({
    page: table.query.page,
    paginationSize: table.query.paginationSize,
    search: search || undefined,
  });
  const open = (row: FolderListItem) => navigate(`/business-data/${row.folderId}`);

  const columns: DataTableColumn<FolderListItem>[] = [
    {
      key: 'referenceNumber',
      header: t('columns.referenceNumber'),
      render: (row) => (
        <Group gap={6}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {row.referenceNumber ?? '–'}
          </Text>
          {row.access === 'SHARED' && (
            <Badge
              variant="light"
              color="grape"
              size="sm"
              style={{ flexShrink: 0 }}
              data-testid="folder-shared"
            >
              {t('list.shared')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'offerNumber',
      header: t('columns.offerNumber'),
      render: (row) => `${row.offerNumber ?? '–'} (${t('version', { version: row.version })})`,
    },
    { key: 'customer', header: t('columns.customer'), render: (row) => row.customerName || '–' },
    { key: 'supplier', header: t('columns.supplier'), render: (row) => row.supplierName || '–' },
    {
      key: 'state',
      header: t('columns.state'),
      width: 140,
      render: (row) => <OfferStateBadge state={row.state} />,
    },
    { key: 'fileCount', header: t('columns.fileCount'), render: (row) => row.fileCount },
    { key: 'lastUpdate', header: t('columns.lastUpdate'), render: (row) => formatDate(row.lastUpdate) },
  ];

  const noFolders = folders.isSuccess && folders.data.totalElements === 0 && !search && !table.search;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {folders.isError ? (
        <Alert color="red" role="alert">
          {t('list.loadFailed')}
        </Alert>
      ) : noFolders ? (
        <Alert color="yellow" data-testid="folder-list-empty">
          {external ? t('list.emptyExternal') : t('list.empty')}
        </Alert>
      ) : (
        <>
          <div style={{ maxWidth: 480 }}>
            <TableSearch table={table} placeholder={t('list.search')} />
          </div>
          <DataTable
            aria-label={t('title')}
            columns={columns}
            rows={folders.data?.content ?? []}
            getRowId={(row) => row.folderId}
            total={folders.data?.totalElements ?? 0}
            {...table.tableProps}
            loading={folders.isFetching}
            emptyText={t('list.noMatch')}
            onRowClick={open}
          />
        </>
      )}
    </Stack>
  );
}

export default FolderListPage;
