import { Box, LoadingOverlay, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTableCards } from './DataTableCards';
import { DataTableFooter } from './DataTableFooter';
import { DataTableGrid } from './DataTableGrid';
import { nextSort, toggleOne, toggleVisible, visibleSelection } from './selection';
import type { DataTableProps } from './types';

/** Below this width every row is shown as a card instead of a table row. */
export const NARROW_SCREEN_QUERY = '(max-width: 48em)';

/**
 * The generic table of SPEC §2: sortable columns, row selection, pagination with page sizes and total count,
 * a card layout on narrow screens. Fully controlled: the page of rows, the sort and the selection belong to
 * the caller (see `useTableState`).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, getRowId, total, page, pageSize, onPageChange, onPageSizeChange, sort, onSortChange } = props;
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const loading = !!props.loading;
  const selectedIds = props.selectedIds ?? [];
  const visibleIds = rows.map(getRowId);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));

  // After deleting the last rows of the last page, show the last page that still has rows.
  useEffect(() => {
    if (!loading && total > 0 && page > totalPages) onPageChange(totalPages);
  }, [loading, total, page, totalPages, onPageChange]);

  const handlePageSizeChange = (size: number) => {
    onPageSizeChange(size);
    if (page !== 1) onPageChange(1);
  };

  const view = {
    columns: props.columns,
    rows,
    getRowId,
    selectRowLabel: (row: T, index: number) => {
      const name = props.getRowLabel?.(row);
      return name ? t('table.selectRowNamed', { name }) : t('table.selectRowNumber', { number: index + 1 });
    },
    sort,
    onSort: onSortChange ? (column: string) => onSortChange(nextSort(sort, column)) : undefined,
    selectable: !!props.selectable,
    selectedIds,
    visibleSelection: visibleSelection(selectedIds, visibleIds),
    onToggleAll: () => props.onSelectionChange?.(toggleVisible(selectedIds, visibleIds)),
    onToggleRow: (id: string) => props.onSelectionChange?.(toggleOne(selectedIds, id)),
    emptyText: props.emptyText ?? t('table.empty'),
    onRowClick: props.onRowClick,
    loading,
    label: props['aria-label'],
  };

  return (
    <Stack gap="sm">
      <Box pos="relative">
        <LoadingOverlay visible={loading && rows.length > 0} overlayProps={{ blur: 1 }} />
        {narrow ? <DataTableCards {...view} /> : <DataTableGrid {...view} />}
      </Box>
      <DataTableFooter
        total={total}
        page={page}
        pageSize={pageSize}
        totalPages={totalPages}
        onPageChange={onPageChange}
        onPageSizeChange={handlePageSizeChange}
      />
    </Stack>
  );
}
