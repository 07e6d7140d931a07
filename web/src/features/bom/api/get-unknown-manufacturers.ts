import { useQuery } from '@tanstack/react-query';
import { type BomLinesSource, unknownManufacturersKey } from '../bom-lines-source';

/** The BOM's unknown manufacturer names with their line counts (GET …/bom/manufacturer-names). */
export function useUnknownManufacturers(
  source: Pick<BomLinesSource, 'queryKey' | 'fetchUnknownManufacturers'>,
) {
  const fetch = source.fetchUnknownManufacturers;
  return useQuery({
    queryKey: unknownManufacturersKey(source),
    queryFn: ({ signal }) => (fetch ? fetch(signal) : Promise.resolve({ total: 0, names: [] })),
    enabled: !!fetch,
  });
}
