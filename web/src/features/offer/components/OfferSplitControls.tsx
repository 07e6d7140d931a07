import { Button, Card, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import type { OfferComparisonResponse } from '@portal/domain/schemas/offer';
import { useState } from 'react';
import { formatNumber, formatPrice } from '../../../lib/format';
import { useOfferT } from '../offer-i18n';
import { OfferSplitDialog } from './OfferSplitDialog';
import type { SplitChoice, SplitGroup } from './use-split-choice';

const GROUPS: SplitGroup[] = ['manufacturerName', 'discountGroup'];

/** The distinct values of a group over the lines, sorted (select options `group:value`). */
function groupValues(comparison: OfferComparisonResponse, group: SplitGroup): string[] {
  const values = new Set<string>();
  for (const line of comparison.lines) {
    const value = line[group];
    if (value) values.add(value);
  }
  return [...values].sort((a, b) => a.localeCompare(b, 'de'));
}

/**
 * Above the lines: the quick choices ("günstigster" / "kürzeste Lieferzeit je Zeile"), a manufacturer or discount
 * group to one supplier, what each supplier gets so far, and "Auswahl vergeben" (OfferSplitDialog).
 */
export function OfferSplitControls({
  comparison,
  split,
}: {
  comparison: OfferComparisonResponse;
  split: SplitChoice;
}) {
  const t = useOfferT();
  const [group, setGroup] = useState<string | null>(null);
  const [supplier, setSupplier] = useState<string | null>(null);
  const [awarding, setAwarding] = useState(false);
  const acceptable = comparison.offers.filter((offer) => offer.acceptable);
  const groupLabels: Record<SplitGroup, string> = {
    manufacturerName: t('compare.groupManufacturer'),
    discountGroup: t('compare.groupDiscount'),
  };
  const groupOptions = GROUPS.map((kind) => ({
    group: groupLabels[kind],
    items: groupValues(comparison, kind).map((value) => ({ value: `${kind}:${value}`, label: value })),
  })).filter((entry) => entry.items.length > 0);
  const nameOf = (offerId: string) =>
    comparison.offers.find((offer) => offer.id === offerId)?.supplierName ?? '';

  const handleAssign = () => {
    if (!group || !supplier) return;
    const [kind, ...rest] = group.split(':');
    split.chooseGroup(kind as SplitGroup, rest.join(':'), supplier);
  };

  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Title order={4} size="h5">
          {t('compare.splitTitle')}
        </Title>
        <Text size="sm">{t('compare.splitIntro')}</Text>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={split.chooseCheapest}>
            {t('compare.chooseCheapest')}
          </Button>
          <Button size="xs" variant="light" onClick={split.chooseFastest}>
            {t('compare.chooseFastest')}
          </Button>
          <Button size="xs" variant="default" onClick={split.clear} disabled={split.choice.size === 0}>
            {t('compare.clearChoice')}
          </Button>
        </Group>
        {groupOptions.length > 0 && (
          <Group gap="xs" align="flex-end">
            <Select
              size="xs"
              label={t('compare.groupLabel')}
              placeholder={t('compare.groupPlaceholder')}
              data={groupOptions}
              value={group}
              onChange={setGroup}
              searchable
              w={260}
            />
            <Select
              size="xs"
              label={t('compare.groupSupplier')}
              placeholder={t('compare.groupPlaceholder')}
              data={acceptable.map((offer) => ({ value: offer.id, label: offer.supplierName }))}
              value={supplier}
              onChange={setSupplier}
              w={240}
            />
            <Button size="xs" variant="light" onClick={handleAssign} disabled={!group || !supplier}>
              {t('compare.assignGroup')}
            </Button>
          </Group>
        )}
        <Text size="sm" fw={500} data-testid="split-count">
          {t('compare.chosenCount', {
            count: formatNumber(split.choice.size, 0),
            total: formatNumber(comparison.lines.length, 0),
          })}
        </Text>
        {split.shares.length > 0 && (
          <List size="sm" data-testid="split-shares">
            {split.shares.map((share) => (
              <List.Item key={share.offerId}>
                {t('compare.share', {
                  supplier: nameOf(share.offerId),
                  count: share.lineCount,
                  price: formatPrice(share.materialTotal * comparison.enquiry.amount),
                })}
              </List.Item>
            ))}
          </List>
        )}
        <Group>
          <Button
            color="green"
            size="sm"
            disabled={split.shares.length === 0}
            onClick={() => setAwarding(true)}
          >
            {t('compare.awardSplit')}
          </Button>
        </Group>
      </Stack>
      {awarding && (
        <OfferSplitDialog comparison={comparison} split={split} onClose={() => setAwarding(false)} />
      )}
    </Card>
  );
}
