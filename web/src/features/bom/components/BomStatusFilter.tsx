import { Badge, Group, Switch, Text, UnstyledButton } from '@mantine/core';
import { BOM_LINE_STATUSES, type BomLineStatus } from '@portal/domain/enums';
import { bomSuccessRate } from '@portal/domain/schemas/admin-bom';
import { BOM_LINE_STATUS_LABELS, type BomLineCounts } from '@portal/domain/schemas/bom';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { BOM_STATUS_COLORS } from './BomLineStatusBadge';

export interface BomLinesFilter {
  status: BomLineStatus | undefined;
  errorsOnly: boolean;
}

interface BomStatusFilterProps {
  counts: BomLineCounts;
  filter: BomLinesFilter;
  onChange(filter: BomLinesFilter): void;
  /** "Erfolgsquote …" before the counts (the share of matched lines, as the BOM import shows it). */
  showSuccessRate?: boolean;
}

/**
 * The counts at the top of the lines table ("Alle 120 · Zugeordnet 100 · Nicht gefunden 12 · …"); each is a
 * toggle that filters the table by its status, plus "Nur fehlerhafte Zeilen". Statuses without lines are left
 * out unless they are the active filter.
 */
export function BomStatusFilter({ counts, filter, onChange, showSuccessRate }: BomStatusFilterProps) {
  const { t } = useTranslation('bom');
  const noFilter = !filter.status && !filter.errorsOnly;
  const statuses = BOM_LINE_STATUSES.filter(
    (status) => counts.byStatus[status] > 0 || filter.status === status,
  );
  const rate = showSuccessRate ? bomSuccessRate(counts.byStatus.MATCHED, counts.total) : null;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('filter.label')} data-testid="bom-status-filter">
      {rate !== null && (
        <Text fw={600} size="sm" mr="xs" data-testid="bom-success-rate">
          {t('filter.successRate', { rate: formatNumber(rate, 1) })}
        </Text>
      )}
      <FilterButton
        label={t('filter.all')}
        count={counts.total}
        active={noFilter}
        color="dark"
        onClick={() => onChange({ status: undefined, errorsOnly: false })}
      />
      {statuses.map((status) => (
        <FilterButton
          key={status}
          label={BOM_LINE_STATUS_LABELS[status]}
          count={counts.byStatus[status]}
          active={filter.status === status}
          color={BOM_STATUS_COLORS[status]}
          onClick={() =>
            onChange({ status: filter.status === status ? undefined : status, errorsOnly: false })
          }
        />
      ))}
      <Switch
        ml="sm"
        label={t('filter.errorsOnly')}
        checked={filter.errorsOnly}
        onChange={(event) => onChange({ status: undefined, errorsOnly: event.currentTarget.checked })}
      />
    </Group>
  );
}

interface FilterButtonProps {
  label: string;
  count: number;
  active: boolean;
  color: string;
  onClick(): void;
}

function FilterButton({ label, count, active, color, onClick }: FilterButtonProps) {
  return (
    <UnstyledButton onClick={onClick} aria-pressed={active}>
      <Badge
        color={color}
        variant={active ? 'filled' : 'light'}
        size="lg"
        tt="none"
        style={{ cursor: 'pointer' }}
      >
        {label} {formatNumber(count, 0)}
      </Badge>
    </UnstyledButton>
  );
}
