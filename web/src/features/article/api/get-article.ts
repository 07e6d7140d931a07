import { articleResponse } from '@portal/domain/schemas/article';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const fetchArticle = (id: string, signal?: AbortSignal) =>
  api.get('/article/', articleResponse, { id }, signal);

export const articleQuery = (id: string) =>
  queryOptions({
    queryKey: ['article', id],
    queryFn: ({ signal }) => fetchArticle(id, signal),
  });

/** SPEC §7 GET /article/ (id); nothing is loaded for a new article. */
export function useArticle(id: string | undefined) {
  return useQuery({ ...articleQuery(id ?? ''), enabled: !!id });
}
