import { Group, Stack, Text, Title } from '@mantine/core';
import { germanPiecePrice } from '@portal/domain/rules/german-number';
import type { OfferArticleLine, OfferArticleTotals, OfferResponse } from '@portal/domain/schemas/offer';
import { useMemo } from 'react';
import type { DataTableColumn } from '../../../components/data-table';
import { formatPrice } from '../../../lib/format';
import { BomLinesTable, BomLinesViews } from '../../bom';
import { offerArticlesSource } from '../api/offer-articles';
import { type OfferTextKey, useOfferT } from '../offer-i18n';
import { OfferArticleEditDialog } from './OfferArticleEditDialog';

const OMITTED_COLUMNS = ['price'];

type Translate = (key: OfferTextKey, options?: Record<string, unknown>) => string;

/**
 * The offer's own columns after the BOM's: price per piece (up to four decimals: parts priced per 100), for the
 * supplier where the price came from, line total (EUR, German format), note.
 */
function offerArticleColumns(t: Translate, supplier: boolean): DataTableColumn<OfferArticleLine>[] {
  const columns: DataTableColumn<OfferArticleLine>[] = [
    {
      key: 'pricePerPiece',
      header: t('articles.pricePerPiece'),
      render: (line) =>
        line.pricePerPiece === null ? formatPrice(null) : germanPiecePrice(line.pricePerPiece),
    },
    // Only the supplier's answer carries the price's origin (the customer never sees it).
    {
      key: 'priceSource',
      header: t('articles.priceSource'),
      width: 170,
      render: (line) =>
        line.priceSource === undefined ? null : line.priceSource ? (
          <Stack gap={0}>
            <Text size="sm">
              {t(`pricing.source.${line.priceSource.kind}`, { name: line.priceSource.name ?? '' })}
            </Text>
            {line.priceSource.basePricePerPiece !== null && line.priceSource.kind !== 'MANUAL' && (
              <Text size="xs" c="dimmed">
                {t('pricing.base', { price: germanPiecePrice(line.priceSource.basePricePerPiece) })}
              </Text>
            )}
          </Stack>
        ) : (
          t('pricing.source.none')
        ),
    },
    { key: 'totalPrice', header: t('articles.totalPrice'), render: (line) => formatPrice(line.totalPrice) },
    {
      key: 'note',
      header: t('articles.note'),
      width: 180,
      render: (line) => (
        <Text size="sm" lineClamp={2}>
          {line.note ?? '–'}
        </Text>
      ),
    },
  ];
  return supplier ? columns : columns.filter((column) => column.key !== 'priceSource');
}

/** Σ of the priced lines and how many of all lines carry a price per piece. */
export function OfferArticleTotalsText({ totals }: { totals: OfferArticleTotals }) {
  const t = useOfferT();
  return (
    <Group justify="flex-end" gap="md" data-testid="offer-article-totals">
      <Text size="sm" c="dimmed">
        {t('articles.priced', { priced: totals.pricedLines, count: totals.lineCount })}
      </Text>
      <Text fw={600}>{t('articles.total', { total: formatPrice(totals.total) })}</Text>
    </Group>
  );
}

/**
 * The offer's articles, the BOM lines table (paging, sorting, status filter, `edited`)
 * with price per piece, line total and note, the totals below, and the summed BOM as the other view. A row
 * opens the edit dialog while the server allows editing (`abilities.edit`); otherwise the table is read-only.
 */
export function OfferArticlesTable({ offer }: { offer: OfferResponse }) {
  const t = useOfferT();
  const source = useMemo(() => offerArticlesSource(offer.id), [offer.id]);
  const supplier = offer.abilities.role === 'SUPPLIER';
  const columns = useMemo(() => offerArticleColumns(t, supplier), [t, supplier]);
  const editable = offer.abilities.edit;

  return (
    <Stack gap="sm" data-testid="offer-articles">
      <Title order={2} size="h3">
        {t('articles.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {editable ? t('articles.editHint') : t('articles.readOnly')}
      </Text>
      <BomLinesViews
        source={source}
        lines={
          <BomLinesTable
            source={source}
            extraColumns={columns}
            // The offer's own prices replace the catalog's (its estimate is the detail's reference).
            omitColumns={OMITTED_COLUMNS}
            renderEditDialog={
              editable
                ? (line, close, loadLine) => (
                    <OfferArticleEditDialog
                      offerId={offer.id}
                      line={line}
                      onClose={close}
                      loadLine={loadLine}
                    />
                  )
                : undefined
            }
            renderFooter={(page) => <OfferArticleTotalsText totals={page.totals} />}
          />
        }
      />
    </Stack>
  );
}
