import { Button, Group, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ArticleReplaceBody, ArticleResponse } from '@portal/domain/schemas/article';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useReplaceArticle } from '../api/replace-article';
import { useArticleSearch } from '../api/search-articles';
import { formatUnitPrice } from './format-unit-price';

export interface ArticleReplaceDialogProps {
  opened: boolean;
  /** The unmatched BOM line: its numbers are remembered as alternatives of the chosen article. */
  line: Omit<ArticleReplaceBody, 'matchId'>;
  onCancel(): void;
  onReplaced(article: ArticleResponse): void;
}

/**
 * SPEC §4 manual assignment of an unmatched article: search the catalog, choose one article, confirm or
 * cancel. On confirm POST /article/replace remembers the line's numbers so the next import or BOM finds it.
 */
export function ArticleReplaceDialog({ opened, line, onCancel, onReplaced }: ArticleReplaceDialogProps) {
  const { t } = useTranslation('article');
  const [term, setTerm] = useState(line.orderNumber ?? line.manufacturerNumber ?? '');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [chosen, setChosen] = useState<string | null>(null);
  const results = useArticleSearch(debounced);
  const replace = useReplaceArticle();
  const numbers = [line.manufacturerName, line.orderNumber, line.manufacturerNumber]
    .filter(Boolean)
    .join(' / ');

  const handleConfirm = () => {
    if (!chosen) return;
    replace.mutate(
      { ...line, matchId: chosen },
      {
        onSuccess: (article) => {
          notify('ARTICLE_REPLACE', 'save', 'success', t('replace.remembered'));
          onReplaced(article);
        },
        onError: (error) => notify('ARTICLE_REPLACE', 'save', 'error', error.message),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onCancel} title={t('replace.title')} size="lg">
      <Stack>
        <Text size="sm">{t('replace.unmatched', { numbers })}</Text>
        <TextInput
          label={t('replace.search')}
          leftSection={<IconSearch size={16} />}
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
        />
        <ScrollArea.Autosize mah={320}>
          <Radio.Group value={chosen} onChange={setChosen} aria-label={t('replace.search')}>
            <Stack gap="xs">
              {(results.data ?? []).map((article) => (
                <Radio
                  key={article.id}
                  value={article.id}
                  label={`${article.manufacturerName} · ${article.orderNumber ?? article.manufacturerNumber ?? '–'}`}
                  description={`${article.description ?? ''} ${formatUnitPrice(article.listPrice, article.priceUnitSize, article.unitName).price}`.trim()}
                />
              ))}
              {debounced && results.data?.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('replace.none')}
                </Text>
              )}
            </Stack>
          </Radio.Group>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('replace.cancel')}
          </Button>
          <Button onClick={handleConfirm} disabled={!chosen} loading={replace.isPending}>
            {t('replace.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
