import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { type BomLine, isBomErrorStatus } from '@portal/domain/schemas/bom';
import { IconLink, IconPencil } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { formatNumber, formatPrice } from '../../../lib/format';
import { BomLineStatusBadge } from './BomLineStatusBadge';

const EMPTY = '–';

export interface BomLineActions<TLine extends BomLine = BomLine> {
  /** The owner's edit of a line (draft enquiries, editable offers); absent: no "Bearbeiten". */
  onEdit?(line: TLine): void;
  /** The operator's manual assignment, offered on lines with an error status; absent: not offered. */
  onAssign?(line: TLine): void;
}

/** "2,5 m": the quantity in German notation with the unit as written in the file. */
export function formatQuantity(quantity: number | null, unit: string | null): string {
  if (quantity === null) return unit ?? EMPTY;
  return unit ? `${formatNumber(quantity, 3)} ${unit}` : formatNumber(quantity, 3);
}

/**
 * The columns of the lines table; the sortable keys are the contract's BOM_LINE_SORT_COLUMNS. An owner's own
 * columns (the offer's prices and note) follow the shared ones, before the actions.
 */
export function bomLineColumns<TLine extends BomLine>(
  t: TFunction<'bom'>,
  actions: BomLineActions<TLine>,
  extraColumns: DataTableColumn<TLine>[] = [],
): DataTableColumn<TLine>[] {
  const columns: DataTableColumn<TLine>[] = [
    { key: 'rowNumber', header: t('columns.rowNumber'), sortable: true, render: (line) => line.rowNumber },
    {
      key: 'quantity',
      header: t('columns.quantity'),
      sortable: true,
      render: (line) => formatQuantity(line.quantity, line.quantityUnitName),
    },
    {
      key: 'orderNumber',
      header: t('columns.orderNumber'),
      sortable: true,
      render: (line) => line.orderNumber ?? EMPTY,
    },
    {
      key: 'manufacturerNumber',
      header: t('columns.manufacturerNumber'),
      sortable: true,
      render: (line) => line.manufacturerNumber ?? EMPTY,
    },
    {
      key: 'manufacturerName',
      header: t('columns.manufacturerName'),
      sortable: true,
      render: (line) => line.manufacturerName ?? EMPTY,
    },
    { key: 'bmk', header: t('columns.bmk'), sortable: true, render: (line) => line.bmk ?? EMPTY },
    {
      key: 'status',
      header: t('columns.status'),
      sortable: true,
      // The longest label ("Nicht eindeutig (12 Treffer)") stays whole instead of "NICH…".
      width: 190,
      render: (line) => <BomLineStatusBadge line={line} />,
    },
    { key: 'article', header: t('columns.article'), render: (line) => <MatchedArticle line={line} t={t} /> },
    { key: 'price', header: t('columns.price'), render: (line) => formatPrice(line.price) },
    ...extraColumns,
  ];
  if (actions.onEdit || actions.onAssign) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      render: (line) => <LineActions line={line} actions={actions} t={t} />,
    });
  }
  return columns;
}

function MatchedArticle({ line, t }: { line: BomLine; t: TFunction<'bom'> }) {
  const article = line.matchedArticle;
  if (!article) {
    return (
      <Text size="sm" c="dimmed">
        {line.isSuppliedPart ? t('table.supplied') : t('table.noArticle')}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {article.orderNumber ?? article.manufacturerNumber ?? EMPTY}
      </Text>
      {article.description && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {article.description}
        </Text>
      )}
    </Stack>
  );
}

function LineActions<TLine extends BomLine>(props: {
  line: TLine;
  actions: BomLineActions<TLine>;
  t: TFunction<'bom'>;
}) {
  const { line, actions, t } = props;
  const { onEdit, onAssign } = actions;
  return (
    <Group gap={4} wrap="nowrap">
      {onEdit && (
        <Tooltip label={t('edit.action')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('edit.actionFor', { row: line.rowNumber })}
            onClick={(event) => {
              event.stopPropagation();
              onEdit(line);
            }}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {onAssign && isBomErrorStatus(line.status) && (
        <Tooltip label={t('assign.action')}>
          <ActionIcon
            variant="subtle"
            color="orange"
            aria-label={t('assign.actionFor', { row: line.rowNumber })}
            onClick={(event) => {
              event.stopPropagation();
              onAssign(line);
            }}
          >
            <IconLink size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
