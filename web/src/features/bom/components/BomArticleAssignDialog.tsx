import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { BomLine } from '@portal/domain/schemas/bom';
import { REPLACE_SCOPE_LABELS, REPLACE_SCOPES, type ReplaceScope } from '@portal/domain/schemas/bom-lines';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAssignBomArticle } from '../api/assign-bom-article';
import type { BomLinesSource } from '../bom-lines-source';
import { CatalogArticlePicker } from './CatalogArticlePicker';

interface BomArticleAssignDialogProps {
  source: Pick<BomLinesSource, 'queryKey'>;
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
  const [chosen, setChosen] = useState<string | null>(null);
  const [scope, setScope] = useState<ReplaceScope>('LINE');
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
        <CatalogArticlePicker
          initialTerm={line.orderNumber ?? line.manufacturerNumber ?? ''}
          value={chosen}
          onChange={setChosen}
          autoFocus
        />
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
