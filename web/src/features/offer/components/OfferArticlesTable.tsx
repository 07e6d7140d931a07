import { Group, Stack, Text, Title } from '@mantine/core';
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

/** The offer's own columns after the BOM's: price per piece, line total (EUR, German format), note. */
function offerArticleColumns(t: Translate): DataTableColumn<OfferArticleLine>[] {
  return [
    {
      key: 'pricePerPiece',
      header: t('articles.pricePerPiece'),
      render: (line) => formatPrice(line.pricePerPiece),
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
