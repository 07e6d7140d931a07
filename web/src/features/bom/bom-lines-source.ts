import type { BomLine, BomLineCounts } from '@portal/domain/schemas/bom';
import type {
  BomSummedResponse,
  bomLinesPageQuery,
  UnknownBomManufacturers,
} from '@portal/domain/schemas/bom-lines';
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';

/** The page, order and filter the table asks for (the contract's bomLinesPageQuery, parsed). */
export type BomLinesQuery = z.output<typeof bomLinesPageQuery>;

/**
 * One page of lines as every owner answers it (bomLinesPage); an owner may add to it, as the offer adds its
 * priced articles and their totals (offerArticlesPage).
 */
export interface BomLinesPageOf<TLine extends BomLine = BomLine> {
  content: TLine[];
  totalElements: number;
  counts: BomLineCounts;
}

/**
 * Where a BOM's lines come from: the enquiry's BOM, the operator's BOM import, the offer's articles.
 * The tables of this folder only know this shape; each feature builds one with its own URLs and owner id.
 * Every query of the tables starts with `queryKey`, so invalidating it refreshes lines and summed BOM.
 */
export interface BomLinesSource<
  TLine extends BomLine = BomLine,
  TPage extends BomLinesPageOf<TLine> = BomLinesPageOf<TLine>,
> {
  queryKey: QueryKey;
  fetchPage(query: BomLinesQuery, signal?: AbortSignal): Promise<TPage>;
  fetchSummed(signal?: AbortSignal): Promise<BomSummedResponse>;
  /** The BOM's manufacturer names the master data does not know (the enquiry's BOM, the BOM import). */
  fetchUnknownManufacturers?(signal?: AbortSignal): Promise<UnknownBomManufacturers>;
}

export const bomLinesPageKey = (source: Pick<BomLinesSource, 'queryKey'>, query: BomLinesQuery) =>
  [...source.queryKey, 'page', query] as const;

export const summedBomKey = (source: Pick<BomLinesSource, 'queryKey'>) =>
  [...source.queryKey, 'summed'] as const;

/** Under the source's key: refreshed with the lines (a new mapping, an assignment). */
export const unknownManufacturersKey = (source: Pick<BomLinesSource, 'queryKey'>) =>
  [...source.queryKey, 'unknown-manufacturers'] as const;
