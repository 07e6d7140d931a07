import { Group, Stack, Text, Title } from '@mantine/core';
import { germanPiecePrice } from '@portal/domain/rules/german-number';
import { alternativeText } from '@portal/domain/rules/offer-alternative';
import type { OfferArticleLine, OfferArticleTotals, OfferResponse } from '@portal/domain/schemas/offer';
import type { OfferPriceSource } from '@portal/domain/schemas/pricing';
import { useMemo } from 'react';
import type { DataTableColumn } from '../../../components/data-table';
import { formatPrice } from '../../../lib/format';
import { BomLinesTable, BomLinesViews } from '../../bom';
import { offerArticlesSource } from '../api/offer-articles';
import { type OfferTextKey, useOfferT } from '../offer-i18n';
import { OfferArticleEditDialog } from './OfferArticleEditDialog';

const OMITTED_COLUMNS = ['price'];

type Translate = (key: OfferTextKey, options?: Record<string, unknown>) => string;

const piecePrice = (price: number | null) => (price === null ? formatPrice(null) : germanPiecePrice(price));

/**
 * The offer's own columns after the BOM's: price per piece (up to four decimals: parts priced per 100), for the
 * supplier where the price came from (under the price), the supplier's alternative with its price ("Alternative:
 * … statt …"), line total (EUR, German format; the alternative's below), note.
 */
function offerArticleColumns(t: Translate): DataTableColumn<OfferArticleLine>[] {
  const columns: DataTableColumn<OfferArticleLine>[] = [
    {
      key: 'pricePerPiece',
      header: t('articles.pricePerPiece'),
      width: 170,
      render: (line) => (
        <Stack gap={0}>
          <Text size="sm">{piecePrice(line.pricePerPiece)}</Text>
          {line.priceSource && <PriceSourceText source={line.priceSource} t={t} />}
          {line.alternative && (
            <Text size="xs" c="blue.9" data-testid="offer-line-alternative">
              {`${alternativeText(line, line.alternative)} · ${t('alternative.price', { price: piecePrice(line.alternative.pricePerPiece) })}`}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'totalPrice',
      header: t('articles.totalPrice'),
      render: (line) => (
        <Stack gap={0}>
          <Text size="sm">{formatPrice(line.totalPrice)}</Text>
          {line.alternative && (
            <Text size="xs" c="blue.9">
              {t('alternative.total', { total: formatPrice(line.alternative.totalPrice) })}
            </Text>
          )}
        </Stack>
      ),
    },
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
  return columns;
}

/**
 * Where the supplier's price came from, under the price ("Rabattgruppe PG 110 · Einkauf 0,0198 €"); only the
 * supplier's answer carries it, the customer never sees it.
 */
function PriceSourceText({ source, t }: { source: OfferPriceSource; t: Translate }) {
  const origin = t(`pricing.source.${source.kind}`, { name: source.name ?? '' });
  const base =
    source.basePricePerPiece !== null && source.kind !== 'MANUAL'
      ? ` · ${t('pricing.base', { price: germanPiecePrice(source.basePricePerPiece) })}`
      : '';
  return (
    <Text size="xs" c="dimmed" lineClamp={2}>
      {`${origin}${base}`}
    </Text>
  );
}

/** Σ of the priced lines and how many of all lines carry a price per piece. */
export function OfferArticleTotalsText({ totals }: { totals: OfferArticleTotals }) {
  const t = useOfferT();
  return (
    <Group justify="flex-end" gap="md" data-testid="offer-article-totals">
      <Text size="sm" c="dimmed">
        {t('articles.priced', { priced: totals.pricedLines, count: totals.lineCount })}
      </Text>
      {totals.longestDeliveryTime != null && (
        <Text size="sm">{t('articles.readyIn', { count: totals.longestDeliveryTime })}</Text>
      )}
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
  const columns = useMemo(() => offerArticleColumns(t), [t]);
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
            // Prices, note and actions fit beside the line at 1,440 px without scrolling sideways.
            compact
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
