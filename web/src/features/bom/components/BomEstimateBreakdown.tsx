import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { MARKUP_RATES } from '@portal/domain/rules/estimate';
import type { BomEstimate } from '@portal/domain/schemas/bom-lines';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPrice } from '../../../lib/format';
import { formatEuros } from '../format-euros';

interface BomEstimateBreakdownProps {
  estimate: BomEstimate;
  opened: boolean;
  onClose(): void;
}

const percent = (rate: number) => `${formatNumber(rate * 100, 2)} %`;

/** Every step of the SPEC §9 estimate in plain German, in the order it is computed. */
export function BomEstimateBreakdown({ estimate, opened, onClose }: BomEstimateBreakdownProps) {
  const { t } = useTranslation('bom');
  const { sums, markup, suppliedParts, work, exact } = estimate.breakdown;
  const b = estimate.breakdown;
  const rows: { label: string; value: ReactNode; detail?: ReactNode }[] = [
    {
      label: t('estimate.lines'),
      value: t('estimate.linesValue', {
        count: b.lineCount,
        supplied: b.suppliedLines,
        errors: b.errorLines,
      }),
    },
    { label: t('estimate.discountedSum'), value: formatPrice(sums.discountedSum) },
    { label: t('estimate.restSum'), value: formatPrice(sums.restSum) },
    {
      label: t('estimate.materialSum'),
      value: formatPrice(sums.materialSum),
      detail: t('estimate.pricedLines', { priced: sums.pricedLines, unpriced: sums.unpricedLines }),
    },
    {
      label: t('estimate.errorFactor'),
      value: formatNumber(b.errorFactor, 4),
      detail: t('estimate.errorFactorHint'),
    },
    {
      label: t('estimate.markupLow'),
      value: formatPrice(markup.low),
      detail: `(${percent(MARKUP_RATES.low.discounted)} × ${t('estimate.discountedSum')} + ${percent(MARKUP_RATES.low.rest)} × ${t('estimate.restSum')}) × ${t('estimate.errorFactor')}`,
    },
    {
      label: t('estimate.markupHigh'),
      value: formatPrice(markup.high),
      detail: `(${percent(MARKUP_RATES.high.discounted)} × ${t('estimate.discountedSum')} + ${percent(MARKUP_RATES.high.rest)} × ${t('estimate.restSum')}) × ${t('estimate.errorFactor')}`,
    },
    {
      label: t('estimate.suppliedParts'),
      value: t('estimate.suppliedPartsValue', {
        count: suppliedParts.count,
        amount: formatPrice(suppliedParts.surcharge),
      }),
      detail: suppliedParts.tiers.length > 0 && (
        <Stack gap={0}>
          {suppliedParts.tiers.map((tier) => {
            const values = {
              from: tier.from,
              to: tier.to,
              count: tier.count,
              rate: formatPrice(tier.rate),
              amount: formatPrice(tier.amount),
            };
            return (
              <span key={tier.from}>
                {tier.to === null ? t('estimate.tierOpen', values) : t('estimate.tier', values)}
              </span>
            );
          })}
        </Stack>
      ),
    },
    {
      label: t('estimate.workTime'),
      value: t('estimate.workTimeValue', {
        low: formatNumber(work.low, 2),
        high: formatNumber(work.high, 2),
      }),
      detail: t('estimate.workTimeDetail', {
        matched: formatNumber(work.matchedMinutes, 2),
        count: work.unmatchedParts,
      }),
    },
    {
      label: t('estimate.hourlyRate'),
      value: t('estimate.hourlyRateValue', { rate: formatPrice(work.hourlyRate) }),
    },
    {
      label: t('estimate.workCostLow'),
      value: formatPrice(work.costLow),
      detail:
        work.lowFactor === 1
          ? undefined
          : t('estimate.workFactor', { factor: formatNumber(work.lowFactor, 2) }),
    },
    { label: t('estimate.workCostHigh'), value: formatPrice(work.costHigh) },
    {
      label: t('estimate.exact'),
      value: t('estimate.exactValue', { low: formatPrice(exact.low), high: formatPrice(exact.high) }),
    },
    {
      label: t('estimate.rounded'),
      value: t('estimate.exactValue', { low: formatEuros(estimate.low), high: formatEuros(estimate.high) }),
    },
  ];

  return (
    <Modal opened={opened} onClose={onClose} title={t('estimate.breakdownTitle')} size="xl">
      <Stack>
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="bom-estimate-breakdown">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('estimate.step')}</Table.Th>
                <Table.Th>{t('estimate.value')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {row.label}
                    </Text>
                    {row.detail && (
                      <Text size="xs" c="dimmed" component="div">
                        {row.detail}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('estimate.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
