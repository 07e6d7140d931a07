import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { canWriteArticles } from '@portal/domain/permissions';
import type { ArticleListItem } from '@portal/domain/schemas/article';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn, TableSearch, useTableState } from '../../../components/data-table';
import {
  DeleteSelectedButton,
  displayColumn,
  ListPageHeader,
  pageProps,
  useBulkDelete,
  useListSearch,
  useUrlFilter,
} from '../../../components/list-page';
import { formatNumber } from '../../../lib/format';
import { toActor, useSession } from '../../auth';
import { useDeleteArticles } from '../api/delete-articles';
import { useManufacturerOptions } from '../api/get-article-options';
import { useArticles } from '../api/get-articles';
import { ExportDialog } from '../components/ExportDialog';
import { ExportResults } from '../components/ExportResults';
import { formatDimensions } from '../components/format-dimensions';
import { formatUnitPrice } from '../components/format-unit-price';
import { ArticleImportPanel } from '../components/import/ArticleImportPanel';

/**
 * SPEC §2 article list: search (numbers, alternatives, description), manufacturer filter (also from the
 * manufacturer form's `?manufacturer=<id>`), sortable columns, selection with bulk delete, import, export
 * with its result files.
 */
export default function ArticleListPage() {
  const { t } = useTranslation('article');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const actor = toActor(useSession().data);
  const canWrite = !!actor && canWriteArticles(actor);
  const table = useTableState({ defaultSort: { column: 'orderNumber', descending: false } });
  const [manufacturer, setManufacturer] = useUrlFilter('manufacturer');
  const { paging, term: search } = useListSearch(table, 300);
  const [exportOpen, setExportOpen] = useState(false);
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const manufacturers = useManufacturerOptions();
  const articles = useArticles({ ...paging, orderNumber: search, manufacturer });
  const { selectedIds, requestDelete, selectionProps } = useBulkDelete({
    mutation: useDeleteArticles(),
    confirmMessage: (count) => t('list.deleteConfirm', { count }),
    doneMessage: (result) => t('list.deleted', { count: result.deleted.length }),
    notAllMessage: t('list.notAllDeleted'),
  });

  const columns: DataTableColumn<ArticleListItem>[] = [
    {
      key: 'manufacturer',
      header: t('columns.manufacturer'),
      sortable: true,
      render: (row) => row.manufacturerName,
    },
    {
      key: 'manufacturerNumber',
      header: t('columns.manufacturerNumber'),
      sortable: true,
      render: (row) => row.manufacturerNumber ?? '–',
    },
    {
      key: 'orderNumber',
      header: t('columns.orderNumber'),
      sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.orderNumber ?? '–'}</Text>
          {row.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {row.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'listPrice',
      header: t('columns.listPrice'),
      sortable: true,
      render: (row) => {
        const price = formatUnitPrice(row.listPrice, row.priceUnitSize, row.unitName);
        if (!price.perPiece) return price.price;
        return (
          <Stack gap={0}>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {price.price}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {price.perPiece}
            </Text>
          </Stack>
        );
      },
    },
    { key: 'dimensions', header: t('columns.dimensions'), render: formatDimensions },
    {
      key: 'weight',
      header: t('columns.weight'),
      sortable: true,
      render: (row) => formatNumber(row.weight, 4),
    },
    displayColumn(t('columns.actions'), (row) => navigate(`/article/${row.id}`)),
  ];

  const manufacturerName = manufacturers.data?.find((option) => option.value === manufacturer)?.label;

  return (
    <Stack>
      <ListPageHeader title={t('list.title')}>
        <Group>
          {canWrite && (
            <DeleteSelectedButton
              selected={selectedIds.length}
              onClick={requestDelete}
              label={t('list.deleteSelected')}
            />
          )}
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={() => setExportOpen(true)}
          >
            {t('list.export')}
          </Button>
          {canWrite && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/article/new')}>
              {t('list.add')}
            </Button>
          )}
        </Group>
      </ListPageHeader>
      {/* SPEC §2 import: button, dialog and progress (start time, elapsed h:mm, end button). */}
      {canWrite && <ArticleImportPanel />}
      <Group grow align="end">
        <TableSearch
          table={table}
          label={tc('search')}
          placeholder={t('list.search')}
          description={t('list.searchHint')}
        />
        <Select
          label={t('list.manufacturerFilter')}
          placeholder={t('list.allManufacturers')}
          searchable
          clearable
          value={manufacturer ?? null}
          onChange={setManufacturer}
          data={manufacturers.data ?? []}
        />
      </Group>
      <DataTable
        aria-label={t('list.title')}
        columns={columns}
        {...pageProps(articles)}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.orderNumber ?? row.manufacturerNumber ?? row.manufacturerName}
        {...table.tableProps}
        {...selectionProps(canWrite)}
        emptyText={t('list.empty')}
      />
      {articles.data?.totalIsEstimate && (
        <Text size="xs" c="dimmed">
          {t('list.estimatedTotal', { total: formatNumber(articles.data.totalElements, 0) })}
        </Text>
      )}
      <ExportResults waitingFor={waitingFor} />
      <ExportDialog
        opened={exportOpen}
        onClose={() => setExportOpen(false)}
        filter={{ orderNumber: search || undefined, manufacturer, manufacturerName }}
        onStarted={setWaitingFor}
      />
    </Stack>
  );
}
