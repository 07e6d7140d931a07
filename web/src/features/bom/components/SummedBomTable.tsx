import { Alert, Group, Stack, Text } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@portal/domain/enums';
import type { SummedBomLine } from '@portal/domain/schemas/bom-lines';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { formatNumber, formatPrice } from '../../../lib/format';
import { useSummedBom } from '../api/get-bom-lines';
import type { BomLinesSource } from '../bom-lines-source';
import { formatQuantity } from './bom-line-columns';

const EMPTY = '–';

function summedColumns(t: TFunction<'bom'>): DataTableColumn<SummedBomLine>[] {
  return [
    {
      key: 'orderNumber',
      header: t('columns.orderNumber'),
      render: (line) => line.matchedArticle?.orderNumber ?? line.orderNumber ?? EMPTY,
    },
    {
      key: 'manufacturerNumber',
      header: t('columns.manufacturerNumber'),
      render: (line) => line.matchedArticle?.manufacturerNumber ?? line.manufacturerNumber ?? EMPTY,
    },
    {
      key: 'manufacturerName',
      header: t('columns.manufacturerName'),
      render: (line) => line.matchedArticle?.manufacturerName ?? line.manufacturerName ?? EMPTY,
    },
    {
      key: 'article',
      header: t('columns.article'),
      render: (line) =>
        line.matchedArticle?.description ??
        (line.isSuppliedPart ? t('table.supplied') : line.matchedArticle ? EMPTY : t('table.noArticle')),
    },
    {
      key: 'quantity',
      header: t('columns.quantity'),
      render: (line) => formatQuantity(line.quantity, line.unitName),
    },
    { key: 'lineCount', header: t('columns.lineCount'), render: (line) => formatNumber(line.lineCount, 0) },
    { key: 'price', header: t('columns.price'), render: (line) => formatPrice(line.price) },
  ];
}

/** The BOM summed per article, paged in the browser, with the total price below. */
export function SummedBomTable({ source }: { source: Pick<BomLinesSource, 'queryKey' | 'fetchSummed'> }) {
  const { t } = useTranslation('bom');
  const summed = useSummedBom(source);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const rows = summed.data?.content ?? [];

  if (summed.isError) {
    return <Alert color="red">{t('summed.loadFailed', { reason: summed.error.message })}</Alert>;
  }
  return (
    <Stack gap="sm">
      <DataTable
        aria-label={t('summed.label')}
        columns={summedColumns(t)}
        rows={rows.slice((page - 1) * pageSize, page * pageSize)}
        getRowId={(line) => line.key}
        total={rows.length}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        loading={summed.isPending}
        emptyText={t('summed.empty')}
      />
      {summed.data && (
        <Group justify="flex-end" gap="xs">
          <Text fw={600} data-testid="summed-total">
            {t('summed.total', { price: formatPrice(summed.data.totalPrice) })}
          </Text>
        </Group>
      )}
      {summed.data && (
        <Text size="xs" c="dimmed" ta="right">
          {t('summed.totalHint')}
        </Text>
      )}
    </Stack>
  );
}
