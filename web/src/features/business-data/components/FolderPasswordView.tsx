import { Alert, Stack, Text } from '@mantine/core';
import type { FolderSettings } from '@portal/domain/schemas/business-data';
import { useFolderT } from '../business-data-i18n';
import { FolderPasswordForm } from './FolderPasswordForm';

/** SPEC §2 sidebar view "Passwort": whether one is set (SPEC §3) and the form to set a new one. */
export function FolderPasswordView({ folderId, settings }: { folderId: string; settings: FolderSettings }) {
  const t = useFolderT();
  return (
    <Stack>
      <Text fw={600} data-testid="folder-password-status">
        {t('password.status', { status: settings.passwordSet ? t('password.set') : t('password.notSet') })}
      </Text>
      <Alert color="blue">{t('password.note')}</Alert>
      <FolderPasswordForm folderId={folderId} />
    </Stack>
  );
}
