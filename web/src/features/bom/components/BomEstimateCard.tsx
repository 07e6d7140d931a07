import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BomEstimate } from '@portal/domain/schemas/bom-lines';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../format-euros';
import { BomEstimateBreakdown } from './BomEstimateBreakdown';

/**
 * SPEC §9 estimated price of a mapped BOM: low–high per control cabinet and for the enquiry's amount, with
 * the breakdown one click away. Nothing is shown without an estimate (no mapped BOM).
 */
export function BomEstimateCard({ estimate }: { estimate: BomEstimate | null | undefined }) {
  const { t } = useTranslation('bom');
  const [open, setOpen] = useState(false);
  if (!estimate) return null;
  return (
    <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-blue-light)" data-testid="bom-estimate">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={3} size="h4">
            {t('estimate.title')}
          </Title>
          <Text fw={600} data-testid="bom-estimate-per-cabinet">
            {t('estimate.perCabinet', { low: formatEuros(estimate.low), high: formatEuros(estimate.high) })}
          </Text>
          <Text data-testid="bom-estimate-total">
            {t('estimate.total', {
              count: estimate.amount,
              low: formatEuros(estimate.total.low),
              high: formatEuros(estimate.total.high),
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('estimate.hint')}
          </Text>
        </Stack>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconListDetails size={16} />}
          onClick={() => setOpen(true)}
        >
          {t('estimate.breakdown')}
        </Button>
      </Group>
      <BomEstimateBreakdown estimate={estimate} opened={open} onClose={() => setOpen(false)} />
    </Paper>
  );
}
