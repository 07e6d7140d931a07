import { germanNumber } from '@portal/domain/rules/german-number';
import { discountGroupPage } from '@portal/domain/schemas/discount-group';
import { eclassPage } from '@portal/domain/schemas/eclass';
import { manufacturerPage } from '@portal/domain/schemas/manufacturer';
import { unitPage } from '@portal/domain/schemas/unit';
import { wholesalerPage } from '@portal/domain/schemas/wholesaler';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The choices of the article form and list: the field values of SPEC §3 read through their own list
 * calls (the whole list without paging; E-Class, which can be long, by search).
 */
export interface Option {
  value: string;
  label: string;
}

const STALE = 60_000;

export const manufacturerOptionsQuery = queryOptions({
  queryKey: ['article-options', 'manufacturers'],
  queryFn: async ({ signal }): Promise<Option[]> => {
    const page = await api.get('/manufacturer/all', manufacturerPage, { column: 'displayName' }, signal);
    return page.content.map((item) => ({ value: item.id, label: item.displayName }));
  },
  staleTime: STALE,
});

export function useManufacturerOptions() {
  return useQuery(manufacturerOptionsQuery);
}

export function useUnitOptions() {
  return useQuery({
    queryKey: ['article-options', 'units'],
    queryFn: async ({ signal }): Promise<Option[]> => {
      const page = await api.get('/unit/all', unitPage, { column: 'displayName' }, signal);
      return page.content.map((item) => ({ value: item.id, label: item.displayName }));
    },
    staleTime: STALE,
  });
}

export function useWholesalerOptions() {
  return useQuery({
    queryKey: ['article-options', 'wholesalers'],
    queryFn: async ({ signal }): Promise<Option[]> => {
      const page = await api.get('/wholesaler/all', wholesalerPage, { column: 'displayName' }, signal);
      return page.content.map((item) => ({ value: item.id, label: item.displayName }));
    },
    staleTime: STALE,
  });
}

/** Discount groups belong to one manufacturer (SPEC §3): only the chosen manufacturer's groups. */
export function useDiscountGroupOptions(manufacturerId: string | null | undefined) {
  return useQuery({
    queryKey: ['article-options', 'discountGroups', manufacturerId],
    queryFn: async ({ signal }): Promise<(Option & { percent: number })[]> => {
      const page = await api.get(
        '/discountgroup/all',
        discountGroupPage,
        { column: 'displayName', manufacturerId: manufacturerId ?? undefined },
        signal,
      );
      return page.content.map((item) => ({
        value: item.id,
        label: `${item.displayName} (${germanNumber(item.percent)} %)`,
        percent: item.percent,
      }));
    },
    enabled: !!manufacturerId,
    staleTime: STALE,
  });
}

/** E-Class entries matching the typed number or description (at most 30). */
export function useEclassOptions(search: string) {
  return useQuery({
    queryKey: ['article-options', 'eclass', search],
    queryFn: async ({ signal }): Promise<Option[]> => {
      const page = await api.get(
        '/eclass/all',
        eclassPage,
        { search: search || undefined, paginationSize: 30, column: 'eclassNumber' },
        signal,
      );
      return page.content.map((item) => ({
        value: item.id,
        label: `${item.eclassNumber} – ${item.description}`,
      }));
    },
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}
