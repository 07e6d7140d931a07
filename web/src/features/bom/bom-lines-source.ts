import type { BomLinesPage, BomSummedResponse, bomLinesPageQuery } from '@portal/domain/schemas/bom-lines';
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';

/** The page, order and filter the table asks for (the contract's bomLinesPageQuery, parsed). */
export type BomLinesQuery = z.output<typeof bomLinesPageQuery>;

/**
 * Where a BOM's lines come from: the enquiry's BOM, the operator's BOM import, later the offer's articles.
 * The tables of this folder only know this shape; each feature builds one with its own URLs and owner id.
 * Every query of the tables starts with `queryKey`, so invalidating it refreshes lines and summed BOM.
 */
export interface BomLinesSource {
  queryKey: QueryKey;
  fetchPage(query: BomLinesQuery, signal?: AbortSignal): Promise<BomLinesPage>;
  fetchSummed(signal?: AbortSignal): Promise<BomSummedResponse>;
}

export const bomLinesPageKey = (source: BomLinesSource, query: BomLinesQuery) =>
  [...source.queryKey, 'page', query] as const;

export const summedBomKey = (source: BomLinesSource) => [...source.queryKey, 'summed'] as const;
