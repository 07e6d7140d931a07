import type { ReactNode } from 'react';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  sortable?: boolean;
  render: (row: T) => ReactNode;
  width?: number | string;
}

export interface DataTableSort {
  column: string;
  descending: boolean;
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  /** What a row is called, e.g. its name; names its selection checkbox ("… auswählen"). */
  getRowLabel?: (row: T) => string;
  total: number;
  /** 1-based */
  page: number;
  pageSize: number;
  onPageChange(page: number): void;
  onPageSizeChange(size: number): void;
  sort?: DataTableSort;
  onSortChange?(sort: DataTableSort): void;
  selectable?: boolean;
  selectedIds?: string[];
  onSelectionChange?(ids: string[]): void;
  loading?: boolean;
  emptyText?: string;
  onRowClick?(row: T): void;
  'aria-label'?: string;
}
