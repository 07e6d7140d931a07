import { Loader, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format';
import { useCatalogArticleSearch } from '../api/search-catalog-articles';

interface CatalogArticlePickerProps {
  /** What the search starts with (the line's order or manufacturer number). */
  initialTerm: string;
  /** The chosen article's id, null while none is chosen. */
  value: string | null;
  onChange(articleId: string | null): void;
  /** Replaces "Artikel im Katalog suchen". */
  label?: string;
  autoFocus?: boolean;
  /** Searches for a supplier's offer line (the offer's own catalog search) instead of the operator's. */
  offerId?: string;
}

/**
 * A catalog search with its hits to choose one from (GET /article/search): the operator's assignment of an
 * unmatched line and the supplier's replacement article on an offer line.
 */
export function CatalogArticlePicker(props: CatalogArticlePickerProps) {
  const { initialTerm, value, onChange, label, autoFocus, offerId } = props;
  const { t } = useTranslation('bom');
  const [term, setTerm] = useState(initialTerm);
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const results = useCatalogArticleSearch(debounced, 20, offerId);

  return (
    <Stack gap="xs">
      <TextInput
        label={label ?? t('assign.search')}
        description={t('assign.searchHint')}
        leftSection={<IconSearch size={16} />}
        rightSection={results.isFetching ? <Loader size="xs" /> : null}
        value={term}
        onChange={(event) => setTerm(event.currentTarget.value)}
        data-autofocus={autoFocus || undefined}
      />
      <ScrollArea.Autosize mah={320}>
        <Radio.Group value={value} onChange={onChange} label={t('assign.results')}>
          <Stack gap="xs" mt="xs">
            {(results.data ?? []).map((article) => (
              <Radio
                key={article.id}
                value={article.id}
                label={`${article.manufacturerName} · ${article.orderNumber ?? article.manufacturerNumber ?? '–'}`}
                description={[
                  article.description,
                  article.listPrice === null ? null : formatPrice(article.listPrice),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            ))}
            {results.isError && (
              <Text size="sm" c="red" role="alert">
                {results.error.message}
              </Text>
            )}
            {debounced && results.isSuccess && results.data.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('assign.none')}
              </Text>
            )}
          </Stack>
        </Radio.Group>
      </ScrollArea.Autosize>
    </Stack>
  );
}
