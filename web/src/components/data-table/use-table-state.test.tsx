import { DEFAULT_PAGE_SIZE } from '@portal/domain/enums';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type TableStateOptions, useTableState } from './use-table-state';

function renderTableState(route = '/article', options?: TableStateOptions) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({ state: useTableState(options), location: useLocation(), navigate: useNavigate() }),
    { wrapper },
  );
}

describe('useTableState', () => {
  it('starts on page 1 with the default page size and no sort or search', () => {
    const { result } = renderTableState();
    expect(result.current.state).toMatchObject({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sort: undefined,
      search: '',
    });
    expect(result.current.state.query).toEqual({ page: 0, paginationSize: DEFAULT_PAGE_SIZE });
  });

  it('uses the given default sort and page size', () => {
    const { result } = renderTableState('/offer', {
      defaultSort: { column: 'createDate', descending: true },
      defaultPageSize: 20,
    });
    expect(result.current.state.sort).toEqual({ column: 'createDate', descending: true });
    expect(result.current.state.query).toEqual({
      page: 0,
      paginationSize: 20,
      column: 'createDate',
      sortDescending: true,
    });
  });

  it('reads the state from the URL, with a 0-based page in the query', () => {
    const { result } = renderTableState('/article?page=3&size=25&sort=orderNumber&order=desc&search=Klemme');
    expect(result.current.state).toMatchObject({
      page: 3,
      pageSize: 25,
      sort: { column: 'orderNumber', descending: true },
      search: 'Klemme',
    });
    expect(result.current.state.query).toEqual({
      page: 2,
      paginationSize: 25,
      column: 'orderNumber',
      sortDescending: true,
      search: 'Klemme',
    });
  });

  it('ignores invalid values in the URL', () => {
    const { result } = renderTableState('/article?page=-2&size=7');
    expect(result.current.state.page).toBe(1);
    expect(result.current.state.pageSize).toBe(DEFAULT_PAGE_SIZE);
  });

  it('writes page, sort and page size to the URL and keeps other parameters', () => {
    const { result } = renderTableState('/article?manufacturer=abc');
    act(() => result.current.state.setPage(4));
    expect(result.current.state.page).toBe(4);
    act(() => result.current.state.setSort({ column: 'price', descending: false }));
    expect(result.current.state.sort).toEqual({ column: 'price', descending: false });
    const params = new URLSearchParams(result.current.location.search);
    expect(params.get('manufacturer')).toBe('abc');
    expect(params.get('page')).toBe('4');
    expect(params.get('sort')).toBe('price');
    expect(params.get('order')).toBe('asc');
  });

  it('goes back to page 1 when the page size changes, also when the page is set right after', () => {
    const { result } = renderTableState('/article?page=5');
    act(() => {
      result.current.state.setPageSize(30);
      result.current.state.setPage(1);
    });
    expect(result.current.state.page).toBe(1);
    expect(result.current.state.pageSize).toBe(30);
  });

  it('goes back to page 1 when the search changes', () => {
    const { result } = renderTableState('/article?page=5');
    act(() => result.current.state.setSearch('Relais'));
    expect(result.current.state.page).toBe(1);
    expect(result.current.state.query).toMatchObject({ page: 0, search: 'Relais' });
    act(() => result.current.state.setSearch(''));
    expect(result.current.location.search).toBe('');
  });

  it('restores the previous state on back navigation', () => {
    const { result } = renderTableState('/article');
    act(() => result.current.state.setPage(2));
    act(() => result.current.state.setPage(3));
    expect(result.current.state.page).toBe(3);
    act(() => result.current.navigate(-1));
    expect(result.current.state.page).toBe(2);
    act(() => result.current.navigate(1));
    expect(result.current.state.page).toBe(3);
  });
});
