import { type ArticleBody, articleResponse } from '@portal/domain/schemas/article';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Creates (no id; 406 when a number is taken) or updates an article (409 taken, 417 values missing) with the
 * `lastUpdate` its form is based on (SPEC §8 CHANGED_MEANWHILE).
 */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, lastUpdate }: { id?: string; body: ArticleBody; lastUpdate?: string }) =>
      id
        ? api.post('/article/update', { ...body, id, lastUpdate }, articleResponse)
        : api.post('/article/', body, articleResponse),
    onSuccess: (article) => {
      queryClient.setQueryData(['article', article.id], article);
      void queryClient.invalidateQueries({ queryKey: ['articles'] });
    },
  });
}
