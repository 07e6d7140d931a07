import type { BomLine } from '@portal/domain/schemas/bom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type BomLinesPageOf,
  type BomLinesQuery,
  type BomLinesSource,
  bomLinesPageKey,
  summedBomKey,
} from '../bom-lines-source';

/** One page of a BOM's lines with the counts per status (the previous page stays while the next loads). */
export function useBomLines<TLine extends BomLine, TPage extends BomLinesPageOf<TLine>>(
  source: BomLinesSource<TLine, TPage>,
  query: BomLinesQuery,
) {
  return useQuery({
    queryKey: bomLinesPageKey(source, query),
    queryFn: ({ signal }) => source.fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The BOM's lines summed per article. */
export function useSummedBom(source: Pick<BomLinesSource, 'queryKey' | 'fetchSummed'>) {
  return useQuery({
    queryKey: summedBomKey(source),
    queryFn: ({ signal }) => source.fetchSummed(signal),
  });
}
