export { ActionsHeader } from './ActionsHeader';
export { DataTable, NARROW_SCREEN_QUERY } from './DataTable';
export { MAX_PAGES_WITHOUT_DOTS, type PaginationItem, paginationRange } from './pagination-range';
export { TableSearch } from './TableSearch';
export type { DataTableColumn, DataTableProps, DataTableSort } from './types';
export {
  TABLE_PARAMS,
  type TablePagingProps,
  type TableQuery,
  type TableState,
  type TableStateOptions,
  useTableState,
} from './use-table-state';
