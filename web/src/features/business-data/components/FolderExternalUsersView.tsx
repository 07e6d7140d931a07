import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { FolderSettings } from '@portal/domain/schemas/business-data';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmDialog';
import { ActionsHeader } from '../../../components/data-table';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUnshareFolder } from '../api/share-folder';
import { useFolderT } from '../business-data-i18n';
import { FolderInviteForm } from './FolderInviteForm';

/** A last day 'YYYY-MM-DD' shown as a German date (read at noon, so no time zone moves the day). */
const formatDay = (day: string) => formatDate(`${day}T12:00:00Z`);

/** SPEC §2 sidebar view "Externe Nutzer": the visibility entries (SPEC §3) and the invite form. */
export function FolderExternalUsersView({
  folderId,
  settings,
}: {
  folderId: string;
  settings: FolderSettings;
}) {
  const t = useFolderT();
  const { t: tc } = useTranslation();
  const unshare = useUnshareFolder();

  const handleRemove = (email: string) =>
    confirmAction({
      message: t('external.removeConfirm', { email }),
      onConfirm: () =>
        unshare.mutate(
          { folderId, email },
          {
            onSuccess: () => notifySuccess(t('external.removed')),
            onError: (error) => notifyError(error.message),
          },
        ),
    });

  return (
    <Stack>
      {!settings.allowExternal && (
        <Alert color="yellow" data-testid="folder-external-off">
          {t('external.externalOff')}
        </Alert>
      )}
      {settings.visibilities.length === 0 ? (
        <Text c="dimmed">{t('external.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder aria-label={t('views.external')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('external.email')}</Table.Th>
                <Table.Th>{t('external.endDate')}</Table.Th>
                <Table.Th>{t('external.read')}</Table.Th>
                <Table.Th>{t('external.write')}</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settings.visibilities.map((entry) => (
                <Table.Tr key={entry.email}>
                  <Table.Td>{entry.email}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {entry.endDate ? formatDay(entry.endDate) : t('external.unlimited')}
                      {entry.expired && (
                        <Badge color="red" variant="light" size="sm">
                          {t('external.expired')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{entry.read ? tc('yes') : tc('no')}</Table.Td>
                  <Table.Td>{entry.write ? tc('yes') : tc('no')}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      leftSection={<IconTrash size={14} />}
                      aria-label={`${t('external.remove')}: ${entry.email}`}
                      onClick={() => handleRemove(entry.email)}
                    >
                      {t('external.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FolderInviteForm folderId={folderId} defaultExpiryDays={settings.defaultExpiryDays} />
    </Stack>
  );
}
