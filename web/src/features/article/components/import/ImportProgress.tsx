import { Alert, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ImportRunResponse } from '@portal/domain/schemas/article-import';
import { IconAlertTriangle, IconDownload, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../../components/ConfirmDialog';
import { formatDateTime, formatElapsed, formatNumber } from '../../../../lib/format';
import { notifyError } from '../../../../lib/notify';
import { useAbortImport } from '../../api/import-abort';
import { useDownloadImportReport } from '../../api/import-report';
import { ImportStateBadge, importStateColor } from './ImportStateBadge';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/**
 * SPEC §2 import progress: percent, elapsed hours:minutes, start time, the counts so far and the end
 * button; a finished run shows its outcome and the error report.
 */
export function ImportProgress({ run, canEnd }: { run: ImportRunResponse; canEnd: boolean }) {
  const { t } = useTranslation('import');
  const abort = useAbortImport();
  const report = useDownloadImportReport();
  const active = run.state === 'QUEUED' || run.state === 'RUNNING';

  const handleEnd = () =>
    confirmAction({
      message: t('run.endConfirm'),
      onConfirm: () => abort.mutate(undefined, { onError: (error) => notifyError(error.message) }),
    });

  return (
    <Stack gap="xs" data-testid="import-progress">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>{t('run.progressTitle')}</Text>
          <ImportStateBadge run={run} testId="import-state" />
          <Text size="sm" c="dimmed">
            {t('run.lastRun', { file: run.fileName, config: run.configTitle })}
          </Text>
        </Group>
        {active && canEnd && (
          <Button
            color="red"
            variant="light"
            size="xs"
            leftSection={<IconPlayerStop size={14} />}
            onClick={handleEnd}
            loading={abort.isPending || run.abortRequested}
          >
            {run.abortRequested ? t('run.ending') : t('run.end')}
          </Button>
        )}
      </Group>
      <Progress.Root size="xl" aria-label={t('run.progressTitle')}>
        <Progress.Section value={run.percent} color={importStateColor(run)} animated={active}>
          <Progress.Label data-testid="import-percent">
            {t('run.percent', { percent: run.percent })}
          </Progress.Label>
        </Progress.Section>
      </Progress.Root>
      <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }}>
        <Figure
          label={t('run.elapsed')}
          value={formatElapsed(run.minutesSinceStart)}
          testId="import-elapsed"
        />
        <Figure label={t('run.startedAt')} value={run.startedAt ? formatDateTime(run.startedAt) : '–'} />
        <Figure label={t('run.rows')} value={formatNumber(run.processedRows, 0)} />
        <Figure label={t('run.created')} value={formatNumber(run.createdCount, 0)} testId="import-created" />
        <Figure label={t('run.updated')} value={formatNumber(run.updatedCount, 0)} testId="import-updated" />
        <Figure
          label={t('run.unchanged')}
          value={formatNumber(run.unchangedCount, 0)}
          testId="import-unchanged"
        />
        <Figure label={t('run.errors')} value={formatNumber(run.errorCount, 0)} testId="import-errors" />
      </SimpleGrid>
      {run.message && run.warning && (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />} data-testid="import-message">
          {run.message}
        </Alert>
      )}
      {run.message && !run.warning && (
        <Text size="sm" c={run.state === 'FAILED' ? 'red' : undefined} data-testid="import-message">
          {run.message}
        </Text>
      )}
      {run.errorCount > 0 && canEnd && (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            loading={report.isPending}
            onClick={() => report.mutate(run.id, { onError: (error) => notifyError(error.message) })}
          >
            {t('run.report')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
