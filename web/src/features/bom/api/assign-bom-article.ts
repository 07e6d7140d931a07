import { type ArticleReplaceBody, articleReplaceResponse } from '@portal/domain/schemas/article';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { BomLinesSource } from '../bom-lines-source';

export type AssignBomArticleBody = Required<Pick<ArticleReplaceBody, 'lineId' | 'matchId' | 'scope'>>;

/**
 * SPEC §4/§7 POST /article/replace with a BOM line (operators only): assigns the chosen catalog article to
 * the line, or to every line of the BOM with the same order number (scope ALL). Refreshes the source's lines.
 */
export function useAssignBomArticle(source: Pick<BomLinesSource, 'queryKey'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignBomArticleBody) => api.post('/article/replace', body, articleReplaceResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: source.queryKey }),
  });
}
