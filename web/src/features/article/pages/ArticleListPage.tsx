import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { canWriteArticles } from '@portal/domain/permissions';
import type { ArticleListItem } from '@portal/domain/schemas/article';
import { IconDownload, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/data-table';
import { formatNumber } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { toActor, useSession } from '../../auth/api/get-session';
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
  const [searchParams, setSearchParams] = useSearchParams();
  const manufacturer = searchParams.get('manufacturer') ?? undefined;
  const [search] = useDebouncedValue(table.search.trim(), 300);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [exportOpen, setExportOpen] = useState(false);
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const manufacturers = useManufacturerOptions();
  const { search: _search, ...paging } = table.query;
  const articles = useArticles({ ...paging, orderNumber: search || undefined, manufacturer });
  const deleteArticles = useDeleteArticles();

  const handleManufacturerChange = (value: string | null) => {
    setSearchParams((params) => {
      if (value) params.set('manufacturer', value);
      else params.delete('manufacturer');
      params.delete('page');
      return params;
    });
  };

  const handleDelete = () => {
    confirmAction({
      message: t('list.deleteConfirm', { count: selectedIds.length }),
      onConfirm: () =>
        deleteArticles.mutate(selectedIds, {
          onSuccess: (result) => {
            if (result.failed.length === 0)
              notifySuccess(t('list.deleted', { count: result.deleted.length }));
            else notifyError(t('list.notAllDeleted'));
            setSelectedIds([]);
          },
          onError: (error) => notifyError(error.message),
        }),
    });
  };

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
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (row) => (
        <Button size="xs" variant="light" onClick={() => navigate(`/article/${row.id}`)}>
          {tc('display')}
        </Button>
      ),
    },
  ];

  const manufacturerName = manufacturers.data?.find((option) => option.value === manufacturer)?.label;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('list.title')}</Title>
        <Group>
          {canWrite && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              disabled={selectedIds.length === 0}
              onClick={handleDelete}
            >
              {t('list.deleteSelected')}
            </Button>
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
      </Group>
      {/* SPEC §2 import: button, dialog and progress (start time, elapsed h:mm, end button). */}
      {canWrite && <ArticleImportPanel />}
      <Group grow align="end">
        <TextInput
          label={tc('search')}
          placeholder={t('list.search')}
          description={t('list.searchHint')}
          leftSection={<IconSearch size={16} />}
          value={table.search}
          onChange={(event) => table.setSearch(event.currentTarget.value)}
        />
        <Select
          label={t('list.manufacturerFilter')}
          placeholder={t('list.allManufacturers')}
          searchable
          clearable
          value={manufacturer ?? null}
          onChange={handleManufacturerChange}
          data={manufacturers.data ?? []}
        />
      </Group>
      <DataTable
        aria-label={t('list.title')}
        columns={columns}
        rows={articles.data?.content ?? []}
        getRowId={(row) => row.id}
        total={articles.data?.totalElements ?? 0}
        page={table.page}
        pageSize={table.pageSize}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        sort={table.sort}
        onSortChange={table.setSort}
        selectable={canWrite}
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        loading={articles.isFetching}
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
