import type { KeyboardEvent } from 'react';
import type { VisibleSelection } from './selection';
import type { DataTableColumn, DataTableSort } from './types';

/** What the table view and the card view of a DataTable both receive. */
export interface DataTableViewProps<T> {
  columns: DataTableColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  /** The name of a row's selection checkbox. */
  selectRowLabel(row: T, index: number): string;
  sort?: DataTableSort;
  /** Set when the columns can be sorted. */
  onSort?: (column: string) => void;
  selectable: boolean;
  selectedIds: string[];
  visibleSelection: VisibleSelection;
  onToggleAll(): void;
  onToggleRow(id: string): void;
  emptyText: string;
  onRowClick?(row: T): void;
  loading: boolean;
  label?: string;
}

/** Enter on a focused row opens it like a click; keys pressed inside the row's controls are theirs. */
export function handleRowKey(event: KeyboardEvent<HTMLElement>, open: () => void): void {
  if (event.target !== event.currentTarget) return;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    open();
  }
}
