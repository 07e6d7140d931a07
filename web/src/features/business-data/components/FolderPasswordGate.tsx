import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { FOLDER_TEXTS } from '@portal/domain/schemas/business-data';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCheckFolderPassword } from '../api/check-folder-password';
import { useFolderT } from '../business-data-i18n';

/**
 * SPEC §6 password gate: the folder's password opens it for this browser (the server answers with the folder
 * and an httpOnly folder cookie). SPEC §8: 403 wrong password; too many tries (429) in the server's words.
 */
export function FolderPasswordGate({ folderId, signInLink }: { folderId: string; signInLink: boolean }) {
  const t = useFolderT();
  const check = useCheckFolderPassword();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password) check.mutate({ folderId, password });
  };

  const error = check.error;
  const failure =
    error instanceof ApiError && error.status === 403
      ? t('gate.wrongPassword')
      : error instanceof ApiError && error.status === 404
        ? FOLDER_TEXTS.notAllowed
        : error?.message;

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={440} mx="auto">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">
              {t('gate.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('gate.intro')}
            </Text>
          </div>
          {failure && (
            <Alert color="red" role="alert" data-testid="folder-gate-error">
              {failure}
            </Alert>
          )}
          <PasswordInput
            label={t('gate.password')}
            autoComplete="current-password"
            visible={visible}
            onVisibilityChange={setVisible}
            // Not "Passwort anzeigen": the field's own label stays the only one that reads "Passwort".
            visibilityToggleButtonProps={{
              'aria-label': visible ? t('gate.hidePassword') : t('gate.showPassword'),
            }}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={check.isPending} disabled={!password}>
            {t('gate.open')}
          </Button>
          {signInLink && (
            <Anchor component={Link} to={`/business-data/invite/${encodeURIComponent(folderId)}`} size="sm">
              {t('gate.signIn')}
            </Anchor>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
