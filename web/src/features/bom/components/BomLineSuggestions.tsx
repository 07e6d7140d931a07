import { Button, Menu, Text } from '@mantine/core';
import type { BomLine } from '@portal/domain/schemas/bom';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAssignBomArticle } from '../api/assign-bom-article';
import type { BomLinesSource } from '../bom-lines-source';

interface BomLineSuggestionsProps {
  source: Pick<BomLinesSource, 'queryKey'>;
  line: BomLine;
  onAssigned?(): void;
}

/**
 * SPEC §4 "Vorschläge": the catalog articles most like a line that was not found (same manufacturer first,
 * with how alike the numbers are). One click takes one: the same assignment as choosing it in the dialog, so
 * the line's number is remembered as the article's alternative and the next BOM finds it by itself.
 */
export function BomLineSuggestions({ source, line, onAssigned }: BomLineSuggestionsProps) {
  const { t } = useTranslation('bom');
  const assign = useAssignBomArticle(source);
  if (line.status !== 'NOT_FOUND' || line.suggestions.length === 0) return null;

  const take = (articleId: string) =>
    assign.mutate(
      { lineId: line.id, matchId: articleId, scope: 'LINE' },
      {
        onSuccess: () => {
          notifySuccess(t('suggestions.done'));
          onAssigned?.();
        },
        onError: (error) => notifyError(t('assign.failed', { reason: error.message })),
      },
    );

  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="light"
          color="yellow"
          leftSection={<IconBulb size={16} aria-hidden />}
          loading={assign.isPending}
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
            onClick={() => take(suggestion.articleId)}
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
