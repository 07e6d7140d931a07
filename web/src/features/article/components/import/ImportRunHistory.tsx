import { Button, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@portal/domain/enums';
import type { ImportRunListItem } from '@portal/domain/schemas/article-import';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../../components/data-table';
import { formatDateTime, formatNumber } from '../../../../lib/format';
import { notifyError } from '../../../../lib/notify';
import { useDownloadImportReport } from '../../api/import-report';
import { useImportRuns } from '../../api/import-runs';
import { ImportStateBadge } from './ImportStateBadge';

/**
 * The history of import runs, newest first, with what each did (new, changed,
 * unchanged, refused), why a run took nothing over, and the error report of every run that has one.
 */
export function ImportRunHistory({ enabled = true }: { enabled?: boolean }) {
  const { t } = useTranslation('import');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const runs = useImportRuns(page - 1, pageSize, enabled);
  const report = useDownloadImportReport();

  const count = (value: number) => formatNumber(value, 0);
  const columns: DataTableColumn<ImportRunListItem>[] = [
    {
      key: 'startedAt',
      header: t('run.history.columns.startedAt'),
      render: (run) => formatDateTime(run.startedAt ?? run.createdAt),
    },
    {
      key: 'finishedAt',
      header: t('run.history.columns.finishedAt'),
      render: (run) => (run.finishedAt ? formatDateTime(run.finishedAt) : '–'),
    },
    { key: 'file', header: t('run.history.columns.file'), render: (run) => run.fileName },
    {
      key: 'state',
      header: t('run.history.columns.state'),
      render: (run) => <ImportStateBadge run={run} />,
    },
    { key: 'created', header: t('run.history.columns.created'), render: (run) => count(run.createdCount) },
    { key: 'updated', header: t('run.history.columns.updated'), render: (run) => count(run.updatedCount) },
    {
      key: 'unchanged',
      header: t('run.history.columns.unchanged'),
      render: (run) => count(run.unchangedCount),
    },
    { key: 'errors', header: t('run.history.columns.errors'), render: (run) => count(run.errorCount) },
    {
      key: 'message',
      header: t('run.history.columns.message'),
      render: (run) =>
        run.message ? (
          <Text size="sm" c={run.warning ? 'yellow.9' : run.state === 'FAILED' ? 'red' : undefined}>
            {run.message}
          </Text>
        ) : (
          '–'
        ),
    },
    {
      key: 'report',
      header: t('run.history.columns.report'),
      render: (run) =>
        run.hasErrorReport ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            aria-label={t('run.history.downloadFor', { file: run.fileName })}
            loading={report.isPending && report.variables === run.id}
            onClick={() => report.mutate(run.id, { onError: (error) => notifyError(error.message) })}
          >
            {t('run.history.download')}
          </Button>
        ) : (
          t('run.history.noReport')
        ),
    },
  ];

  return (
    <Stack gap="xs" data-testid="import-run-history">
      <Title order={3} size="h4">
        {t('run.history.title')}
      </Title>
      <DataTable
        aria-label={t('run.history.title')}
        columns={columns}
        rows={runs.data?.content ?? []}
        getRowId={(run) => run.id}
        total={runs.data?.totalElements ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        loading={runs.isFetching}
        emptyText={t('run.history.empty')}
      />
    </Stack>
  );
}
