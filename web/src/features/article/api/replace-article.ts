import { type ArticleReplaceBody, articleResponse } from '@portal/domain/schemas/article';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC §7 POST /article/replace: assigns an unmatched BOM article; its numbers become alternatives. */
export function useReplaceArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ArticleReplaceBody) => api.post('/article/replace', body, articleResponse),
    onSuccess: (article) => {
      queryClient.setQueryData(['article', article.id], article);
      void queryClient.invalidateQueries({ queryKey: ['article-search'] });
    },
  });
}
