import { Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { ARTICLE_IMPORT_SOURCES, type ArticleImportSource } from '@portal/domain/enums';
import { articleExportBody } from '@portal/domain/schemas/article';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify, notifyError } from '../../../lib/notify';
import { useExportArticles } from '../api/export-articles';

export interface ExportDialogProps {
  opened: boolean;
  onClose(): void;
  /** The list's current search text and manufacturer filter (exported as shown). */
  filter: { orderNumber?: string; manufacturer?: string; manufacturerName?: string };
  /** The export was started; the list of results waits for this file. */
  onStarted(fileName: string): void;
}

const toNumber = (value: number | string) => (typeof value === 'number' ? value : null);

/** SPEC §2 export dialog: price range and import source on top of the list's filters. */
export function ExportDialog({ opened, onClose, filter, onStarted }: ExportDialogProps) {
  const { t } = useTranslation('article');
  const { t: tc } = useTranslation();
  const exportArticles = useExportArticles();
  const [minPrice, setMinPrice] = useState<number | null>(null);
  const [maxPrice, setMaxPrice] = useState<number | null>(null);
  const [importSource, setImportSource] = useState<ArticleImportSource | null>(null);
  const body = {
    orderNumber: filter.orderNumber,
    manufacturer: filter.manufacturer,
    minPrice,
    maxPrice,
    importSource,
  };
  const checked = articleExportBody.safeParse(body);
  const rangeError = checked.success ? undefined : checked.error.issues[0]?.message;
  const current = [filter.manufacturerName, filter.orderNumber ? `„${filter.orderNumber}“` : null]
    .filter(Boolean)
    .join(', ');

  const handleStart = () => {
    if (!checked.success) return;
    exportArticles.mutate(body, {
      onSuccess: (result) => {
        notify('ARTICLE', 'export', 'success', t('export.started', { fileName: result.fileName }));
        onStarted(result.fileName);
        onClose();
      },
      onError: (error) => notifyError(error.message),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('export.title')} size="lg">
      <Stack>
        <Text size="sm">{t('export.intro')}</Text>
        <Text size="sm" fw={500}>
          {t('export.currentFilter', { filter: current || t('export.noFilter') })}
        </Text>
        <Group grow align="start">
          <NumberInput
            label={t('export.minPrice')}
            min={0}
            decimalScale={4}
            decimalSeparator=","
            thousandSeparator="."
            value={minPrice ?? ''}
            onChange={(value) => setMinPrice(toNumber(value))}
          />
          <NumberInput
            label={t('export.maxPrice')}
            min={0}
            decimalScale={4}
            decimalSeparator=","
            thousandSeparator="."
            value={maxPrice ?? ''}
            error={rangeError}
            onChange={(value) => setMaxPrice(toNumber(value))}
          />
        </Group>
        <Text size="xs" c="dimmed" mt={-8}>
          {t('export.priceHint')}
        </Text>
        <Select
          label={t('export.importSource')}
          placeholder={t('export.anySource')}
          clearable
          value={importSource}
          onChange={(value) => setImportSource(value as ArticleImportSource | null)}
          data={ARTICLE_IMPORT_SOURCES.map((value) => ({ value, label: t(`importSource.${value}`) }))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button onClick={handleStart} loading={exportArticles.isPending} disabled={!checked.success}>
            {t('export.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
