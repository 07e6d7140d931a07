import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportPreviewResponse } from '@portal/domain/schemas/article-import';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../../components/ConfirmDialog';
import { formatNumber } from '../../../../lib/format';
import { notifyError } from '../../../../lib/notify';
import { useAbortImport } from '../../api/import-abort';
import { useConfirmImport } from '../../api/import-confirm';
import { ImportUnknownNames } from './ImportUnknownNames';

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg" data-testid={testId}>
        {formatNumber(value, 0)}
      </Text>
    </div>
  );
}

export interface ImportPreviewPanelProps {
  data: ImportPreviewResponse;
  /** Called once the import is confirmed ("Übernehmen") or discarded. */
  onDone?(outcome: 'confirmed' | 'discarded'): void;
}

/**
 * "Show before writing": what the read file would do (rows read, new, changed, unchanged,
 * refused by reason), its unknown manufacturer and unit names to resolve right here, and "Übernehmen" or
 * "Verwerfen". Nothing is written before "Übernehmen".
 */
export function ImportPreviewPanel({ data, onDone }: ImportPreviewPanelProps) {
  const { t } = useTranslation('import');
  const confirm = useConfirmImport();
  const discard = useAbortImport();
  const { run, preview } = data;

  const handleConfirm = () =>
    confirm.mutate(undefined, {
      onSuccess: () => onDone?.('confirmed'),
      onError: (error) => notifyError(error.message),
    });

  const handleDiscard = () =>
    confirmAction({
      message: t('preview.discardConfirm'),
      onConfirm: () =>
        discard.mutate(undefined, {
          onSuccess: () => onDone?.('discarded'),
          onError: (error) => notifyError(error.message),
        }),
    });

  return (
    <Stack gap="md" data-testid="import-preview">
      <Stack gap={4}>
        <Title order={3} size="h4">
          {t('preview.title', { file: run.fileName, config: run.configTitle })}
        </Title>
        <Text size="sm">{t('preview.intro')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <Figure label={t('preview.rows')} value={preview.rows} testId="preview-rows" />
        <Figure label={t('preview.created')} value={preview.created} testId="preview-created" />
        <Figure label={t('preview.changed')} value={preview.changed} testId="preview-changed" />
        <Figure label={t('preview.unchanged')} value={preview.unchanged} testId="preview-unchanged" />
        <Figure label={t('preview.refused')} value={preview.refused} testId="preview-refused" />
      </SimpleGrid>
      {preview.refusedByKind.length > 0 && (
        <Stack gap="xs">
          <Title order={4} size="h5">
            {t('preview.refusedTitle')}
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t('preview.refusedTitle')} data-testid="preview-refusals">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('preview.reasonColumn')}</Table.Th>
                  <Table.Th ta="right">{t('preview.rowsColumn')}</Table.Th>
                  <Table.Th>{t('preview.exampleColumn')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.refusedByKind.map((refusal) => (
                  <Table.Tr key={refusal.kind}>
                    <Table.Td>{t(`preview.kind.${refusal.kind}`)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(refusal.rows, 0)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {t('preview.example', { line: refusal.firstLine, reason: refusal.example })}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed">
            {t('preview.refusalHint')}
          </Text>
        </Stack>
      )}
      <ImportUnknownNames kind="MANUFACTURER" {...preview.unknownManufacturers} />
      <ImportUnknownNames kind="UNIT" {...preview.unknownUnits} />
      <Group justify="flex-end">
        <Button
          variant="default"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={handleDiscard}
          loading={discard.isPending}
          disabled={confirm.isPending}
          data-testid="import-preview-discard"
        >
          {t('preview.discard')}
        </Button>
        <Button
          leftSection={<IconCheck size={16} />}
          onClick={handleConfirm}
          loading={confirm.isPending}
          disabled={discard.isPending}
          data-testid="import-preview-confirm"
        >
          {t('preview.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Shown instead of the panel while it loads or when it cannot be loaded. */
export function ImportPreviewState({ failed }: { failed: boolean }) {
  const { t } = useTranslation('import');
  return failed ? (
    <Alert color="red">{t('preview.loadFailed')}</Alert>
  ) : (
    <Text size="sm" c="dimmed">
      {t('preview.loading')}
    </Text>
  );
}
