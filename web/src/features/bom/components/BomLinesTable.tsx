import { Alert, Stack } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@portal/domain/enums';
import type { BomLine, BomLineCounts, BomSuggestion } from '@portal/domain/schemas/bom';
import type { BomLineSortColumn } from '@portal/domain/schemas/bom-lines';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableSort } from '../../../components/data-table';
import { useBomLines } from '../api/get-bom-lines';
import type { BomLinesPageOf, BomLinesQuery, BomLinesSource } from '../bom-lines-source';
import { BomArticleAssignDialog } from './BomArticleAssignDialog';
import { BomLineEditDialog, type SaveBomLine } from './BomLineEditDialog';
import { BomLineSuggestions } from './BomLineSuggestions';
import { type BomLinesFilter, BomStatusFilter } from './BomStatusFilter';
import { bomLineColumns } from './bom-line-columns';

/** SPEC §9: the lines are sorted by order number unless the user chooses another column. */
const DEFAULT_SORT: DataTableSort = { column: 'orderNumber', descending: false };

export interface BomLinesTableProps<
  TLine extends BomLine = BomLine,
  TPage extends BomLinesPageOf<TLine> = BomLinesPageOf<TLine>,
> {
  source: BomLinesSource<TLine, TPage>;
  /** Shown until the first page answers with its own counts (e.g. the BOM's lineCounts). */
  initialCounts?: BomLineCounts | null;
  /** The customer's line edit; without it the table offers no "Bearbeiten". */
  onSaveLine?: SaveBomLine;
  /** Operators assign articles to lines with an error status (canAssignArticleMatches). */
  canAssignArticles?: boolean;
  /** "Erfolgsquote …" with the counts (the enquiry's BOM; the BOM import shows its own). */
  showSuccessRate?: boolean;
  /** After an article was assigned (e.g. to refresh an estimate that depends on the lines). */
  onLinesChanged?(): void;
  /** The owner's columns after the shared ones (the offer's price per piece, line total, note). */
  extraColumns?: DataTableColumn<TLine>[];
  /** Shared columns the owner leaves out by key (the offer shows its own prices instead of the catalog's). */
  omitColumns?: string[];
  /**
   * The owner's own edit dialog instead of the customer's line edit (the offer's articles); with it, a click
   * on a row opens it too. `loadLine` reads the line as it is now (from the page it is shown on).
   */
  renderEditDialog?(line: TLine, close: () => void, loadLine: () => Promise<TLine>): ReactNode;
  /** Below the table, from the page last answered (the offer's totals). */
  renderFooter?(page: TPage): ReactNode;
  /**
   * The file's numbers, manufacturer, BMK and description in one column, so that an owner's own columns fit
   * beside them at 1,440 px without scrolling sideways (the offer's articles).
   */
  compact?: boolean;
}

type Dialog<TLine> = { kind: 'edit' | 'assign'; line: TLine } | null;

/** A suggestion taken as the customer's edit: the line names the suggested article's number and maker. */
const takeSuggestion =
  (save: SaveBomLine) =>
  (line: BomLine, suggestion: BomSuggestion): Promise<unknown> =>
    save(line, {
      // A line without quantity is MISSING_VALUES, never NOT_FOUND with suggestions.
      quantity: line.quantity ?? 1,
      unit: line.quantityUnitName,
      orderNumber: suggestion.orderNumber,
      manufacturerNumber: line.manufacturerNumber,
      manufacturerName: suggestion.manufacturerName,
    });

/**
 * A BOM's lines with the counts per status as filters, server-side paging and sorting,
 * the customer's edit and the operator's article assignment. Reused by every owner of a BOM (see source).
 * Paging, sort and filter stay in the component: the page around it may have a list of its own in the URL.
 */
export function BomLinesTable<
  TLine extends BomLine = BomLine,
  TPage extends BomLinesPageOf<TLine> = BomLinesPageOf<TLine>,
>(props: BomLinesTableProps<TLine, TPage>) {
  const { source, initialCounts, onSaveLine, canAssignArticles, onLinesChanged, showSuccessRate } = props;
  const { extraColumns, omitColumns, renderEditDialog, renderFooter, compact } = props;
  const { t } = useTranslation('bom');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<DataTableSort>(DEFAULT_SORT);
  const [filter, setFilter] = useState<BomLinesFilter>({ status: undefined, errorsOnly: false });
  const [dialog, setDialog] = useState<Dialog<TLine>>(null);

  const query = useMemo<BomLinesQuery>(
    () => ({
      page: page - 1,
      paginationSize: pageSize,
      column: sort.column as BomLineSortColumn,
      sortDescending: sort.descending,
      status: filter.status,
      errorsOnly: filter.errorsOnly,
    }),
    [page, pageSize, sort, filter],
  );
  const lines = useBomLines(source, query);
  const counts = lines.data?.counts ?? initialCounts ?? null;

  const openEdit =
    onSaveLine || renderEditDialog ? (line: TLine) => setDialog({ kind: 'edit', line }) : undefined;
  const columns = bomLineColumns<TLine>(
    t,
    {
      onEdit: openEdit,
      onAssign: canAssignArticles ? (line) => setDialog({ kind: 'assign', line }) : undefined,
      renderSuggestions: canAssignArticles
        ? (line) => <BomLineSuggestions source={source} line={line} onAssigned={onLinesChanged} />
        : onSaveLine
          ? (line) => <BomLineSuggestions source={source} line={line} onTake={takeSuggestion(onSaveLine)} />
          : undefined,
    },
    extraColumns,
    compact,
  ).filter((column) => !omitColumns?.includes(column.key));
  const closeDialog = () => setDialog(null);
  const loadLine = (id: string) => async () => {
    const current = (await source.fetchPage(query)).content.find((line) => line.id === id);
    if (!current) throw new Error(t('table.lineGone'));
    return current;
  };

  const handleFilter = (next: BomLinesFilter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <Stack gap="sm">
      {counts && (
        <BomStatusFilter
          counts={counts}
          filter={filter}
          onChange={handleFilter}
          showSuccessRate={showSuccessRate}
        />
      )}
      {lines.isError && <Alert color="red">{t('table.loadFailed', { reason: lines.error.message })}</Alert>}
      <DataTable
        aria-label={t('table.label')}
        columns={columns}
        rows={lines.data?.content ?? []}
        getRowId={(line) => line.id}
        total={lines.data?.totalElements ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        loading={lines.isFetching}
        emptyText={t('table.empty')}
        onRowClick={renderEditDialog ? openEdit : undefined}
      />
      {lines.data && renderFooter?.(lines.data)}
      {dialog?.kind === 'edit' && renderEditDialog?.(dialog.line, closeDialog, loadLine(dialog.line.id))}
      {dialog?.kind === 'edit' && !renderEditDialog && onSaveLine && (
        <BomLineEditDialog line={dialog.line} onSave={onSaveLine} onClose={closeDialog} />
      )}
      {dialog?.kind === 'assign' && (
        <BomArticleAssignDialog
          source={source}
          line={dialog.line}
          onAssigned={onLinesChanged}
          onClose={closeDialog}
        />
      )}
    </Stack>
  );
}
