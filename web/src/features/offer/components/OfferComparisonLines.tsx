import { Group, Radio, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@portal/domain/enums';
import type { ComparedLine, ComparedOffer, OfferComparisonResponse } from '@portal/domain/schemas/offer';
import { IconArrowDown, IconClock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { formatNumber, formatPrice } from '../../../lib/format';
import { type OfferTextKey, useOfferT } from '../offer-i18n';
import { OfferSplitControls } from './OfferSplitControls';
import { type SplitChoice, useSplitChoice } from './use-split-choice';

type Translate = (key: OfferTextKey, options?: Record<string, unknown>) => string;

const EMPTY = '–';

/** The icon of a mark; with the bold value and the words after it a mark is never colour alone. */
function Mark({ icon }: { icon: 'lowest' | 'fastest' }) {
  const Icon = icon === 'lowest' ? IconArrowDown : IconClock;
  return <Icon size={14} aria-hidden />;
}

interface CellProps {
  line: ComparedLine;
  index: number;
  offer: ComparedOffer;
  choice: SplitChoice | null;
  t: Translate;
}

/** One offer's values on a line: price, lead time, alternative, the marks, and the choice of this supplier. */
function OfferLineCell({ line, index, offer, choice, t }: CellProps) {
  const price = line.prices[index] ?? null;
  const days = line.deliveryTimes[index] ?? null;
  const alternative = line.alternatives[index] ?? null;
  const alternativePrice = line.alternativePrices[index] ?? null;
  const lowest = line.lowest.includes(index);
  const fastest = line.fastest.includes(index);
  if (price === null && days === null) return <Text size="sm">{EMPTY}</Text>;
  const chosen = choice?.choice.get(line.key) === offer.id;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {choice && offer.acceptable && price !== null && (
        <Radio
          size="xs"
          mt={2}
          name={`line-${line.key}`}
          checked={chosen}
          onChange={() => choice.choose(line.key, offer.id)}
          aria-label={t('compare.chooseLine', { row: line.rowNumber, supplier: offer.supplierName })}
        />
      )}
      <Stack gap={0}>
        <Group gap={4} wrap="nowrap" fw={lowest ? 700 : undefined} data-best={lowest ? 'true' : undefined}>
          {lowest && <Mark icon="lowest" />}
          <span>{price === null ? t('compare.notOffered') : formatPrice(price)}</span>
          {lowest && <VisuallyHidden>{` (${t('compare.lowestLinePrice')})`}</VisuallyHidden>}
        </Group>
        {days !== null && (
          <Group
            gap={4}
            wrap="nowrap"
            fw={fastest ? 700 : undefined}
            data-fastest={fastest ? 'true' : undefined}
          >
            {fastest && <Mark icon="fastest" />}
            <Text size="xs" span fw="inherit">
              {t('compare.workingDays', { count: days })}
            </Text>
            {fastest && <VisuallyHidden>{` (${t('compare.fastestLine')})`}</VisuallyHidden>}
          </Group>
        )}
        {alternative && (
          <Text size="xs" c="dimmed">
            {alternativePrice === null
              ? t('compare.alternative', { number: alternative })
              : t('compare.alternativePriced', { number: alternative, price: formatPrice(alternativePrice) })}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function lineColumns(
  t: Translate,
  comparison: OfferComparisonResponse,
  choice: SplitChoice | null,
): DataTableColumn<ComparedLine>[] {
  return [
    { key: 'rowNumber', header: t('compare.row'), render: (line) => line.rowNumber },
    { key: 'orderNumber', header: t('compare.orderNumber'), render: (line) => line.orderNumber ?? EMPTY },
    {
      key: 'manufacturer',
      header: t('compare.manufacturer'),
      render: (line) => (
        <Stack gap={0}>
          <span>{line.manufacturerName ?? EMPTY}</span>
          {line.manufacturerNumber && (
            <Text size="xs" c="dimmed">
              {line.manufacturerNumber}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'bmk', header: t('compare.bmk'), render: (line) => line.bmk ?? EMPTY },
    { key: 'quantity', header: t('compare.quantity'), render: (line) => formatNumber(line.quantity, 3) },
    ...comparison.offers.map(
      (offer, index): DataTableColumn<ComparedLine> => ({
        key: `offer-${offer.id}`,
        header: offer.supplierName,
        render: (line) => <OfferLineCell line={line} index={index} offer={offer} choice={choice} t={t} />,
      }),
    ),
  ];
}

/**
 * The enquiry's lines with each offer's price per piece, lead time and alternative; the lowest price and the
 * shortest lead time marked; "nur Abweichungen" hides the lines on which the offers agree. While the enquiry
 * can be awarded, the customer picks a supplier per line (OfferSplitControls awards the choice).
 */
export function OfferComparisonLines({ comparison }: { comparison: OfferComparisonResponse }) {
  const t = useOfferT();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const split = useSplitChoice(comparison);
  const choosing = !comparison.enquiry.awarded && comparison.offers.some((offer) => offer.acceptable);
  const lines = useMemo(
    () => (onlyDifferences ? comparison.lines.filter((line) => line.differs) : comparison.lines),
    [comparison.lines, onlyDifferences],
  );

  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('compare.lines')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('compare.linesLegend')}
      </Text>
      {choosing && <OfferSplitControls comparison={comparison} split={split} />}
      <Switch
        label={t('compare.onlyDifferences')}
        checked={onlyDifferences}
        onChange={(event) => {
          setOnlyDifferences(event.currentTarget.checked);
          setPage(1);
        }}
      />
      <DataTable
        aria-label={t('compare.linesLabel')}
        columns={lineColumns(t, comparison, choosing ? split : null)}
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
          {t('compare.linesTruncated', { count: formatNumber(comparison.lines.length, 0) })}
        </Text>
      )}
    </Stack>
  );
}
