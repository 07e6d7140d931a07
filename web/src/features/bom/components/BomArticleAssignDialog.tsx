import { Button, Group, Loader, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { BomLine } from '@portal/domain/schemas/bom';
import { REPLACE_SCOPE_LABELS, REPLACE_SCOPES, type ReplaceScope } from '@portal/domain/schemas/bom-lines';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAssignBomArticle } from '../api/assign-bom-article';
import { useCatalogArticleSearch } from '../api/search-catalog-articles';
import type { BomLinesSource } from '../bom-lines-source';

interface BomArticleAssignDialogProps {
  source: BomLinesSource;
  line: BomLine;
  onAssigned?(): void;
  onClose(): void;
}

/**
 * SPEC §4 the operator assigns a catalog article to a line that did not match: search, choose one, confirm or
 * cancel. A line with an order number may pass the article on to every line of the BOM with that number.
 */
export function BomArticleAssignDialog({ source, line, onAssigned, onClose }: BomArticleAssignDialogProps) {
  const { t } = useTranslation('bom');
  const [term, setTerm] = useState(line.orderNumber ?? line.manufacturerNumber ?? '');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const [chosen, setChosen] = useState<string | null>(null);
  const [scope, setScope] = useState<ReplaceScope>('LINE');
  const results = useCatalogArticleSearch(debounced);
  const assign = useAssignBomArticle(source);
  const numbers = [line.manufacturerName, line.orderNumber, line.manufacturerNumber]
    .filter(Boolean)
    .join(' / ');

  const handleConfirm = () => {
    if (!chosen) return;
    assign.mutate(
      { lineId: line.id, matchId: chosen, scope: line.orderNumber ? scope : 'LINE' },
      {
        onSuccess: (article) => {
          notifySuccess(t('assign.done', { count: article.lines?.length ?? 1 }));
          onAssigned?.();
          onClose();
        },
        onError: (error) => notifyError(t('assign.failed', { reason: error.message })),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('assign.title', { row: line.rowNumber })} size="lg">
      <Stack>
        <Text size="sm">{t('assign.line', { numbers: numbers || '–' })}</Text>
        <TextInput
          label={t('assign.search')}
          description={t('assign.searchHint')}
          leftSection={<IconSearch size={16} />}
          rightSection={results.isFetching ? <Loader size="xs" /> : null}
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          data-autofocus
        />
        <ScrollArea.Autosize mah={320}>
          <Radio.Group value={chosen} onChange={setChosen} label={t('assign.results')}>
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
              {debounced && results.isSuccess && results.data.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('assign.none')}
                </Text>
              )}
            </Stack>
          </Radio.Group>
        </ScrollArea.Autosize>
        {line.orderNumber && (
          <Radio.Group
            value={scope}
            onChange={(value) => setScope(value as ReplaceScope)}
            label={t('assign.scope')}
          >
            <Group mt="xs">
              {REPLACE_SCOPES.map((value) => (
                <Radio key={value} value={value} label={REPLACE_SCOPE_LABELS[value]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('assign.cancel')}
          </Button>
          <Button onClick={handleConfirm} disabled={!chosen} loading={assign.isPending}>
            {t('assign.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
