import { Button, Menu, Text } from '@mantine/core';
import type { BomLine, BomSuggestion } from '@portal/domain/schemas/bom';
import { IconBulb } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAssignBomArticle } from '../api/assign-bom-article';
import type { BomLinesSource } from '../bom-lines-source';

interface BomLineSuggestionsProps {
  source: Pick<BomLinesSource, 'queryKey'>;
  line: BomLine;
  onAssigned?(): void;
  /**
   * The customer's draft: a suggestion is taken into the line's own values (its order number and
   * manufacturer), as a line edit, instead of the operator's assignment.
   */
  onTake?(line: BomLine, suggestion: BomSuggestion): Promise<unknown>;
}

/**
 * SPEC §4 "Vorschläge": the catalog articles most like a line that was not found (same manufacturer first,
 * with how alike the numbers are). One click takes one: the same assignment as choosing it in the dialog, so
 * the line's number is remembered as the article's alternative and the next BOM finds it by itself. On the
 * customer's draft (`onTake`) the line takes the suggestion's numbers instead, for this BOM only.
 */
export function BomLineSuggestions({ source, line, onAssigned, onTake }: BomLineSuggestionsProps) {
  const { t } = useTranslation('bom');
  const assign = useAssignBomArticle(source);
  const takeOver = useMutation({
    mutationFn: (suggestion: BomSuggestion) => (onTake ? onTake(line, suggestion) : Promise.resolve()),
  });
  if (line.status !== 'NOT_FOUND' || line.suggestions.length === 0) return null;

  const handlers = (done: string) => ({
    onSuccess: () => {
      notifySuccess(done);
      onAssigned?.();
    },
    onError: (error: Error) => notifyError(t('assign.failed', { reason: error.message })),
  });
  const take = (suggestion: BomSuggestion) =>
    onTake
      ? takeOver.mutate(suggestion, handlers(t('suggestions.taken')))
      : assign.mutate(
          { lineId: line.id, matchId: suggestion.articleId, scope: 'LINE' },
          handlers(t('suggestions.done')),
        );

  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="light"
          color="yellow"
          leftSection={<IconBulb size={16} aria-hidden />}
          loading={assign.isPending || takeOver.isPending}
          aria-label={t('suggestions.actionFor', { row: line.rowNumber, count: line.suggestions.length })}
          onClick={(event) => event.stopPropagation()}
        >
          {t('suggestions.action')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        <Menu.Label>
          {t('suggestions.title', { number: line.orderNumber ?? line.manufacturerNumber ?? '–' })}
        </Menu.Label>
        {line.suggestions.map((suggestion) => (
          <Menu.Item
            key={suggestion.articleId}
            onClick={() => take(suggestion)}
            aria-label={t('suggestions.take', {
              number: suggestion.orderNumber ?? '–',
              manufacturer: suggestion.manufacturerName ?? '–',
              score: suggestion.score,
            })}
          >
            <Text size="sm" fw={500}>
              {suggestion.orderNumber ?? '–'}
            </Text>
            <Text size="xs" c="dimmed">
              {t('suggestions.detail', {
                manufacturer: suggestion.manufacturerName ?? '–',
                score: suggestion.score,
              })}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
