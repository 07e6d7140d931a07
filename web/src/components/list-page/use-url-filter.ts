import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { TABLE_PARAMS } from '../data-table';

/**
 * One filter of a list (type, company, manufacturer, …) kept as a URL search parameter next to the table
 * state, so back/forward and a reload restore it. Changing it goes back to page 1; an empty value removes
 * the parameter.
 */
export function useUrlFilter(name: string): [string | undefined, (value: string | null | undefined) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(name) ?? undefined;
  const setValue = useCallback(
    (next: string | null | undefined) =>
      setSearchParams((params) => {
        if (next) params.set(name, next);
        else params.delete(name);
        params.delete(TABLE_PARAMS.page);
        return params;
      }),
    [name, setSearchParams],
  );
  return [value, setValue];
}

/** A yes/no filter of a list (e.g. `archived=true`): present as `true`, absent when off. */
export function useUrlFlag(name: string): [boolean, (on: boolean) => void] {
  const [value, setValue] = useUrlFilter(name);
  const setFlag = useCallback((on: boolean) => setValue(on ? 'true' : null), [setValue]);
  return [value === 'true', setFlag];
}
