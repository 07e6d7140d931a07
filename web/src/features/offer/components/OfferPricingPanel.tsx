import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BOM_LINE_STATUSES } from '@portal/domain/enums';
import { BOM_LINE_STATUS_LABELS } from '@portal/domain/schemas/bom';
import type { OfferResponse } from '@portal/domain/schemas/offer';
import type { OfferLineSelection, OfferPricingResponse } from '@portal/domain/schemas/pricing';
import { useEffect, useMemo, useState } from 'react';
import { formatPrice } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type OfferBulkAction, useOfferBulkAction, useOfferPricing } from '../api/offer-pricing';
import { useOfferT } from '../offer-i18n';

type Translate = ReturnType<typeof useOfferT>;

/** The choices of the line selection: all, a manufacturer, a discount group or a status of the offer's lines. */
function selectionOptions(pricing: OfferPricingResponse, t: Translate) {
  return [
    { value: 'all', label: t('pricing.selectionAll') },
    ...pricing.manufacturers.map((m) => ({
      value: `m:${m.id}`,
      label: t('pricing.selectionManufacturer', { name: m.name }),
    })),
    ...pricing.discountGroups.map((g) => ({
      value: `g:${g.id}`,
      label: t('pricing.selectionGroup', { name: g.name }),
    })),
    ...BOM_LINE_STATUSES.filter((status) => status !== 'SUPPLIED').map((status) => ({
      value: `s:${status}`,
      label: t('pricing.selectionStatus', { name: BOM_LINE_STATUS_LABELS[status] }),
    })),
  ];
}

function toSelection(value: string): OfferLineSelection {
  const [kind, id] = value.split(':');
  if (kind === 'm') return { manufacturerId: id };
  if (kind === 'g') return { discountGroupId: id };
  if (kind === 's') return { status: id as OfferLineSelection['status'] };
  return {};
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500}>{value}</Text>
    </Stack>
  );
}

/**
 * The supplier's pricing desk on its offer: the calculation (material at purchase, markup, material offered,
 * work, proposed price for the enquiry's amount, which can be taken into the price field and stays editable
 * there) and, on a draft, the bulk actions on all or selected lines, one server call each. Only the supplier
 * sees it; the server answers nobody else.
 */
export function OfferPricingPanel({
  offer,
  onUsePrice,
}: {
  offer: OfferResponse;
  /** Puts the proposal into the form's price field (draft only). */
  onUsePrice?: (price: number) => void;
}) {
  const t = useOfferT();
  const supplier = offer.abilities.role === 'SUPPLIER';
  const pricing = useOfferPricing(offer.id, supplier);
  const bulk = useOfferBulkAction();
  const [selection, setSelection] = useState('all');
  const [markup, setMarkup] = useState<number | string>('');
  const defaultMarkup = pricing.data?.defaultMarkupPercent;
  useEffect(() => {
    if (defaultMarkup !== undefined) setMarkup((current) => (current === '' ? defaultMarkup : current));
  }, [defaultMarkup]);
  const options = useMemo(() => (pricing.data ? selectionOptions(pricing.data, t) : []), [pricing.data, t]);

  if (!supplier) return null;
  if (pricing.isError) return <Text c="red">{t('pricing.loadFailed')}</Text>;
  const data = pricing.data;
  const editable = offer.abilities.edit;

  function run(action: OfferBulkAction) {
    bulk.mutate(action, {
      onSuccess: (result) => notifySuccess(t('pricing.done', { count: result.changedLines })),
      onError: (error) => notifyError(t('pricing.failed', { reason: error.message })),
    });
  }
  const body = { offerId: offer.id, selection: toSelection(selection) };
  const markupValue = typeof markup === 'number' ? markup : Number.NaN;

  return (
    <Paper withBorder p="md" data-testid="offer-pricing">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('pricing.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('pricing.hint')}
        </Text>
        {data && (
          <SimpleGrid cols={{ base: 2, md: 5 }} aria-live="polite">
            <Figure label={t('pricing.purchase')} value={formatPrice(data.purchaseTotal)} />
            <Figure label={t('pricing.markup')} value={formatPrice(data.markupTotal)} />
            <Figure label={t('pricing.material')} value={formatPrice(data.materialTotal)} />
            <Figure label={t('pricing.work')} value={formatPrice(data.workCost)} />
            <Figure
              label={t('pricing.proposal', { amount: data.amount })}
              value={formatPrice(data.proposedPrice)}
              strong
            />
          </SimpleGrid>
        )}
        {data && onUsePrice && (
          <Group>
            <Button
              variant="light"
              onClick={() => {
                onUsePrice(data.proposedPrice);
                notifySuccess(t('pricing.priceTaken'));
              }}
            >
              {t('pricing.usePrice')}
            </Button>
          </Group>
        )}
        {data && editable && (
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('pricing.selection')}
              data={options}
              value={selection}
              onChange={(value) => setSelection(value ?? 'all')}
              allowDeselect={false}
              searchable
              w={260}
            />
            <NumberInput
              label={t('pricing.markupPercent')}
              value={markup}
              onChange={setMarkup}
              min={0}
              max={1000}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              w={140}
            />
            <Button
              loading={bulk.isPending}
              disabled={Number.isNaN(markupValue)}
              onClick={() => run({ kind: 'markup', body: { ...body, markupPercent: markupValue } })}
            >
              {t('pricing.applyMarkup')}
            </Button>
            <Button variant="default" loading={bulk.isPending} onClick={() => run({ kind: 'reprice', body })}>
              {t('pricing.reprice')}
            </Button>
            <Button variant="default" loading={bulk.isPending} onClick={() => run({ kind: 'round', body })}>
              {t('pricing.round')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
