import { ActionIcon, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ActionsHeader } from '../../../components/data-table';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useDownloadExportFile } from '../api/download-export-file';
import { useExportFiles } from '../api/get-export-files';

/** SPEC §2 "result files of exports": the files in exportResult/, newest first, each downloadable. */
export function ExportResults({ waitingFor }: { waitingFor: string | null }) {
  const { t } = useTranslation('article');
  const files = useExportFiles(waitingFor);
  const download = useDownloadExportFile();
  const list = files.data ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('export.results')}
        </Title>
        <ActionIcon
          variant="subtle"
          aria-label={t('export.refresh')}
          loading={files.isFetching}
          onClick={() => void files.refetch()}
        >
          <IconRefresh size={18} />
        </ActionIcon>
      </Group>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('export.resultsEmpty')}
        </Text>
      ) : (
        // On a phone (390 px) the table stays inside the page: long file names wrap, the
        // size column is left out and whatever still does not fit scrolls inside the box, not the page.
        <Table.ScrollContainer minWidth={0} type="native">
          <Table striped fz="sm" aria-label={t('export.results')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('export.fileName')}</Table.Th>
                <Table.Th>{t('export.createdAt')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('export.size')}</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((file) => (
                <Table.Tr key={file.path}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{file.name}</Table.Td>
                  <Table.Td>{formatDateTime(file.lastUpdate)}</Table.Td>
                  <Table.Td visibleFrom="sm">{formatFileSize(file.size)}</Table.Td>
                  <Table.Td>
                    <Button
                      visibleFrom="sm"
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} />}
                      onClick={() =>
                        download.mutate(file, { onError: (error) => notifyError(error.message) })
                      }
                    >
                      {t('export.download')}
                    </Button>
                    <ActionIcon
                      hiddenFrom="sm"
                      variant="light"
                      aria-label={t('export.download')}
                      onClick={() =>
                        download.mutate(file, { onError: (error) => notifyError(error.message) })
                      }
                    >
                      <IconDownload size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
