import { manufacturerPage } from '@portal/domain/schemas/manufacturer';
import { unitPage } from '@portal/domain/schemas/unit';
import { wholesalerPage } from '@portal/domain/schemas/wholesaler';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface Option {
  value: string;
  label: string;
}

const STALE = 60_000;

/** The manufacturers, wholesalers and units the configuration form offers (the whole lists, by name). */
export function useConfigOptions() {
  const manufacturers = useQuery({
    queryKey: ['import-config-options', 'manufacturers'],
    queryFn: async ({ signal }): Promise<Option[]> =>
      (await api.get('/manufacturer/all', manufacturerPage, { column: 'displayName' }, signal)).content.map(
        (item) => ({
          value: item.id,
          label: item.displayName,
        }),
      ),
    staleTime: STALE,
  });
  const wholesalers = useQuery({
    queryKey: ['import-config-options', 'wholesalers'],
    queryFn: async ({ signal }): Promise<Option[]> =>
      (await api.get('/wholesaler/all', wholesalerPage, { column: 'displayName' }, signal)).content.map(
        (item) => ({
          value: item.id,
          label: item.displayName,
        }),
      ),
    staleTime: STALE,
  });
  const units = useQuery({
    queryKey: ['import-config-options', 'units'],
    queryFn: async ({ signal }): Promise<Option[]> =>
      (await api.get('/unit/all', unitPage, { column: 'displayName' }, signal)).content.map((item) => ({
        value: item.id,
        label: item.displayName,
      })),
    staleTime: STALE,
  });
  return {
    manufacturers: manufacturers.data ?? [],
    wholesalers: wholesalers.data ?? [],
    units: units.data ?? [],
  };
}
