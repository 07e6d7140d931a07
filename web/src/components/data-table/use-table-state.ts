import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@portal/domain/enums';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { DataTableSort } from './types';

/** Names of the URL search parameters that hold a list's state. */
export const TABLE_PARAMS = {
  page: 'page',
  pageSize: 'size',
  sort: 'sort',
  order: 'order',
  search: 'search',
} as const;

export interface TableStateOptions {
  defaultSort?: DataTableSort;
  defaultPageSize?: number;
}

/** The list parameters of SPEC §7 (`page` is 0-based there). */
export interface TableQuery {
  page: number;
  paginationSize: number;
  column?: string;
  sortDescending?: boolean;
  search?: string;
}

export interface TableState {
  /** 1-based */
  page: number;
  pageSize: number;
  sort: DataTableSort | undefined;
  search: string;
  setPage(page: number): void;
  setPageSize(size: number): void;
  setSort(sort: DataTableSort): void;
  setSearch(search: string): void;
  query: TableQuery;
  /** The paging and sorting props of `DataTable`, to spread: `<DataTable {...table.tableProps} … />`. */
  tableProps: TablePagingProps;
}

export interface TablePagingProps {
  page: number;
  pageSize: number;
  onPageChange(page: number): void;
  onPageSizeChange(size: number): void;
  sort: DataTableSort | undefined;
  onSortChange(sort: DataTableSort): void;
}

function readPage(params: URLSearchParams): number {
  const page = Number(params.get(TABLE_PARAMS.page));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function readPageSize(params: URLSearchParams, fallback: number): number {
  const size = Number(params.get(TABLE_PARAMS.pageSize));
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : fallback;
}

/**
 * Page, page size, sort and search of a list, kept in the URL's search parameters so that back/forward and
 * a reload restore the list as it was. Changing the page size or the search goes back to page 1.
 */
export function useTableState(options: TableStateOptions = {}): TableState {
  const { defaultSort, defaultPageSize = DEFAULT_PAGE_SIZE } = options;
  const [searchParams, setSearchParams] = useSearchParams();
  // react-router builds each update from the params of the last render, so two setters called in one
  // event handler (e.g. page size, then page) would overwrite each other; the ref lets them compose.
  const latest = useRef(searchParams);
  latest.current = searchParams;

  const update = useCallback(
    (change: (params: URLSearchParams) => void, replace = false) => {
      const next = new URLSearchParams(latest.current);
      change(next);
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setSearchParams(next, { replace });
    },
    [setSearchParams],
  );

  const page = readPage(searchParams);
  const pageSize = readPageSize(searchParams, defaultPageSize);
  const sortColumn = searchParams.get(TABLE_PARAMS.sort);
  const sortOrder = searchParams.get(TABLE_PARAMS.order);
  const defaultColumn = defaultSort?.column;
  const defaultDescending = defaultSort?.descending;
  const sort = useMemo<DataTableSort | undefined>(() => {
    if (sortColumn) return { column: sortColumn, descending: sortOrder === 'desc' };
    return defaultColumn === undefined
      ? undefined
      : { column: defaultColumn, descending: !!defaultDescending };
  }, [sortColumn, sortOrder, defaultColumn, defaultDescending]);
  const search = searchParams.get(TABLE_PARAMS.search) ?? '';

  const setPage = useCallback(
    (next: number) =>
      update((params) => {
        if (next > 1) params.set(TABLE_PARAMS.page, String(Math.floor(next)));
        else params.delete(TABLE_PARAMS.page);
      }),
    [update],
  );

  const setPageSize = useCallback(
    (size: number) =>
      update((params) => {
        if (size === defaultPageSize) params.delete(TABLE_PARAMS.pageSize);
        else params.set(TABLE_PARAMS.pageSize, String(size));
        params.delete(TABLE_PARAMS.page);
      }),
    [update, defaultPageSize],
  );

  const setSort = useCallback(
    (next: DataTableSort) =>
      update((params) => {
        params.set(TABLE_PARAMS.sort, next.column);
        params.set(TABLE_PARAMS.order, next.descending ? 'desc' : 'asc');
      }),
    [update],
  );

  // Replaces the history entry: typing a search term must not add one entry per keystroke.
  const setSearch = useCallback(
    (next: string) =>
      update((params) => {
        if (next) params.set(TABLE_PARAMS.search, next);
        else params.delete(TABLE_PARAMS.search);
        params.delete(TABLE_PARAMS.page);
      }, true),
    [update],
  );

  const query = useMemo<TableQuery>(
    () => ({
      page: page - 1,
      paginationSize: pageSize,
      ...(sort ? { column: sort.column, sortDescending: sort.descending } : {}),
      ...(search ? { search } : {}),
    }),
    [page, pageSize, sort, search],
  );

  const tableProps = useMemo<TablePagingProps>(
    () => ({
      page,
      pageSize,
      onPageChange: setPage,
      onPageSizeChange: setPageSize,
      sort,
      onSortChange: setSort,
    }),
    [page, pageSize, setPage, setPageSize, sort, setSort],
  );

  return { page, pageSize, sort, search, setPage, setPageSize, setSort, setSearch, query, tableProps };
}
