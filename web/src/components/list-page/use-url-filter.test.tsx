import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlFilter, useUrlFlag } from './use-url-filter';

function renderInRouter<T>(route: string, hook: () => T) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ value: hook(), location: useLocation() }), { wrapper });
}

describe('useUrlFilter', () => {
  it('reads the filter from the URL, undefined when absent', () => {
    expect(renderInRouter('/company?type=SUPPLIER', () => useUrlFilter('type')).result.current.value[0]).toBe(
      'SUPPLIER',
    );
    expect(renderInRouter('/company', () => useUrlFilter('type')).result.current.value[0]).toBeUndefined();
  });

  it('sets the filter, goes back to page 1 and keeps the other list parameters', () => {
    const { result } = renderInRouter('/company?page=3&sort=name&order=asc&search=Kunde', () =>
      useUrlFilter('type'),
    );
    act(() => result.current.value[1]('CUSTOMER'));
    const params = new URLSearchParams(result.current.location.search);
    expect(result.current.value[0]).toBe('CUSTOMER');
    expect(params.get('page')).toBeNull();
    expect(Object.fromEntries(params)).toEqual({
      sort: 'name',
      order: 'asc',
      search: 'Kunde',
      type: 'CUSTOMER',
    });
  });

  it('removes the parameter when the filter is cleared', () => {
    const { result } = renderInRouter('/user?company=c1&page=2', () => useUrlFilter('company'));
    act(() => result.current.value[1](null));
    expect(result.current.value[0]).toBeUndefined();
    expect(result.current.location.search).toBe('');
  });
});

describe('useUrlFlag', () => {
  it('is on for `true` only, writes `true` and removes the parameter when switched off', () => {
    const { result } = renderInRouter('/offer?archived=yes', () => useUrlFlag('archived'));
    expect(result.current.value[0]).toBe(false);
    act(() => result.current.value[1](true));
    expect(result.current.value[0]).toBe(true);
    expect(result.current.location.search).toBe('?archived=true');
    act(() => result.current.value[1](false));
    expect(result.current.value[0]).toBe(false);
    expect(result.current.location.search).toBe('');
  });
});
