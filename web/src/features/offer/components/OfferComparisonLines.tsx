import { Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@portal/domain/enums';
import type { OfferComparisonResponse } from '@portal/domain/schemas/offer';
import { IconArrowDown } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { formatNumber, formatPrice } from '../../../lib/format';
import { type OfferTextKey, useOfferT } from '../offer-i18n';

type ComparedLine = OfferComparisonResponse['lines'][number];
type Translate = (key: OfferTextKey, options?: Record<string, unknown>) => string;

const EMPTY = '–';

function LinePrice({ line, offerId, t }: { line: ComparedLine; offerId: string; t: Translate }) {
  const price = line.prices.find((entry) => entry.offerId === offerId)?.pricePerPiece ?? null;
  if (price === null) return <>{EMPTY}</>;
  if (!line.lowestOfferIds.includes(offerId)) return <>{formatPrice(price)}</>;
  return (
    <Group gap={4} wrap="nowrap" c="green.8" fw={700} data-best="true">
      <IconArrowDown size={14} aria-hidden />
      <span>{formatPrice(price)}</span>
      <VisuallyHidden>{` (${t('compare.lowestLinePrice')})`}</VisuallyHidden>
    </Group>
  );
}

function lineColumns(t: Translate, comparison: OfferComparisonResponse): DataTableColumn<ComparedLine>[] {
  return [
    { key: 'rowNumber', header: t('compare.row'), render: (line) => line.rowNumber },
    { key: 'orderNumber', header: t('compare.orderNumber'), render: (line) => line.orderNumber ?? EMPTY },
    {
      key: 'manufacturerNumber',
      header: t('compare.manufacturerNumber'),
      render: (line) => line.manufacturerNumber ?? EMPTY,
    },
    { key: 'bmk', header: t('compare.bmk'), render: (line) => line.bmk ?? EMPTY },
    { key: 'quantity', header: t('compare.quantity'), render: (line) => formatNumber(line.quantity, 3) },
    ...comparison.offers.map(
      (offer): DataTableColumn<ComparedLine> => ({
        key: `offer-${offer.id}`,
        header: offer.supplierName,
        render: (line) => <LinePrice line={line} offerId={offer.id} t={t} />,
      }),
    ),
  ];
}

/** The enquiry's lines with each offer's price per piece where the lines match; the lowest marked. */
export function OfferComparisonLines({ comparison }: { comparison: OfferComparisonResponse }) {
  const t = useOfferT();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const { lines } = comparison;

  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('compare.lines')}
      </Title>
      <DataTable
        aria-label={t('compare.linesLabel')}
        columns={lineColumns(t, comparison)}
        rows={lines.slice((page - 1) * pageSize, page * pageSize)}
        getRowId={(line) => line.key}
        total={lines.length}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        emptyText={t('compare.noLines')}
      />
      {comparison.linesTruncated && (
        <Text size="sm" c="dimmed">
          {t('compare.linesTruncated', { count: formatNumber(lines.length, 0) })}
        </Text>
      )}
    </Stack>
  );
}
