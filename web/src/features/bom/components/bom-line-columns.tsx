import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { type BomLine, isBomErrorStatus } from '@portal/domain/schemas/bom';
import { IconLink, IconPencil } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '../../../components/data-table';
import { formatPrice } from '../../../lib/format';
import { BomLineStatusBadge } from './BomLineStatusBadge';
import { formatQuantity, LineQuantity } from './LineQuantity';

const EMPTY = '–';

export interface BomLineActions<TLine extends BomLine = BomLine> {
  /** The owner's edit of a line (draft enquiries, editable offers); absent: no "Bearbeiten". */
  onEdit?(line: TLine): void;
  /** The operator's manual assignment, offered on lines with an error status; absent: not offered. */
  onAssign?(line: TLine): void;
  /** The operator's "Vorschläge" of a line not found (BomLineSuggestions); absent: not offered. */
  renderSuggestions?(line: TLine): ReactNode;
}

export { formatQuantity };

/**
 * The columns of the lines table; the sortable keys are the contract's BOM_LINE_SORT_COLUMNS. An owner's own
 * columns (the offer's prices and note) follow the shared ones, before the actions.
 */
export function bomLineColumns<TLine extends BomLine>(
  t: TFunction<'bom'>,
  actions: BomLineActions<TLine>,
  extraColumns: DataTableColumn<TLine>[] = [],
  compact = false,
): DataTableColumn<TLine>[] {
  const columns: DataTableColumn<TLine>[] = [
    { key: 'rowNumber', header: t('columns.rowNumber'), sortable: true, render: (line) => line.rowNumber },
    {
      key: 'quantity',
      header: t('columns.quantity'),
      sortable: true,
      render: (line) => <LineQuantity line={line} t={t} />,
    },
    ...(compact ? [compactLineColumn<TLine>(t)] : fileColumns<TLine>(t)),
    {
      key: 'status',
      header: t('columns.status'),
      sortable: true,
      // The longest labels ("Nicht eindeutig (12 Treffer)", "Schreibweise abweichend") stay whole instead
      // of "NICH…".
      width: 220,
      render: (line) => <BomLineStatusBadge line={line} />,
    },
    { key: 'article', header: t('columns.article'), render: (line) => <MatchedArticle line={line} t={t} /> },
    { key: 'price', header: t('columns.price'), render: (line) => formatPrice(line.price) },
    ...extraColumns,
  ];
  if (actions.onEdit || actions.onAssign || actions.renderSuggestions) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      render: (line) => <LineActions line={line} actions={actions} t={t} />,
    });
  }
  return columns;
}

/** The BOM's numbers, manufacturer, BMK and description as the file wrote them, a column each. */
function fileColumns<TLine extends BomLine>(t: TFunction<'bom'>): DataTableColumn<TLine>[] {
  return [
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
      key: 'description',
      header: t('columns.description'),
      render: (line) => <LineText line={line} t={t} />,
    },
  ];
}

/**
 * The same in one column (sorted by order number), for owners with columns of their own (the offer's prices
 * and note): the order number, below it manufacturer, manufacturer number and BMK, then the description.
 */
function compactLineColumn<TLine extends BomLine>(t: TFunction<'bom'>): DataTableColumn<TLine> {
  return {
    key: 'orderNumber',
    header: t('columns.bomLine'),
    sortable: true,
    width: 170,
    render: (line) => {
      const details = [
        line.manufacturerName,
        line.manufacturerNumber && t('table.manufacturerNumber', { number: line.manufacturerNumber }),
        line.bmk && t('table.bmk', { bmk: line.bmk }),
      ].filter(Boolean);
      return (
        <Stack gap={0}>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {line.orderNumber ?? line.manufacturerNumber ?? EMPTY}
          </Text>
          {details.length > 0 && (
            <Text size="xs" c="dimmed">
              {details.join(' · ')}
            </Text>
          )}
          {(line.description || line.erpNumber) && <LineText line={line} t={t} />}
        </Stack>
      );
    },
  };
}

/** The BOM's own "Bezeichnung" and, below it, the customer's ERP number (both as written in the file). */
function LineText({ line, t }: { line: BomLine; t: TFunction<'bom'> }) {
  if (!line.description && !line.erpNumber) return EMPTY;
  return (
    <Stack gap={0}>
      {line.description && (
        <Text size="sm" lineClamp={2}>
          {line.description}
        </Text>
      )}
      {line.erpNumber && (
        <Text size="xs" c="dimmed">
          {t('table.erpNumber', { number: line.erpNumber })}
        </Text>
      )}
    </Stack>
  );
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
      <OtherSpelling line={line} t={t} />
    </Stack>
  );
}

/**
 * SPEC §3 BOM line matching info: a line found by its number spelt differently, or by the number alone (the
 * article is another manufacturer's), shows what the BOM says beside what the catalog says.
 */
function OtherSpelling({ line, t }: { line: BomLine; t: TFunction<'bom'> }) {
  const article = line.matchedArticle;
  if (!article) return null;
  let both: { bom: string; catalog: string } | null = null;
  if (line.matchKind === 'NORMALISED') {
    const byOrder = line.orderNumber && article.orderNumber && line.orderNumber !== article.orderNumber;
    both = byOrder
      ? { bom: line.orderNumber ?? EMPTY, catalog: article.orderNumber ?? EMPTY }
      : { bom: line.manufacturerNumber ?? EMPTY, catalog: article.manufacturerNumber ?? EMPTY };
  } else if (line.matchKind === 'NUMBER_ONLY') {
    both = { bom: line.manufacturerName ?? EMPTY, catalog: article.manufacturerName ?? EMPTY };
  }
  if (!both) return null;
  return (
    <Text size="xs" c="orange.9">
      {t('table.bomSpelling', both)}
    </Text>
  );
}

function LineActions<TLine extends BomLine>(props: {
  line: TLine;
  actions: BomLineActions<TLine>;
  t: TFunction<'bom'>;
}) {
  const { line, actions, t } = props;
  const { onEdit, onAssign, renderSuggestions } = actions;
  return (
    <Group gap={4} wrap="nowrap">
      {renderSuggestions?.(line)}
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
