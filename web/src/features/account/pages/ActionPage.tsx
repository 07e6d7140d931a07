import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useVerifyResetCode } from '../api/verify-reset-code';

const FOLDER_ID = /^[0-9A-Za-z_-]{1,200}$/;

/** The state `/reset` needs; only `/action` creates it, after the code was checked. */
export interface ResetState {
  mail: string;
  oobCode: string;
  /** A guest's invitation to a project folder: signed in after the password is set, the guest lands there. */
  folderId?: string;
}

/**
 * SPEC §2 /action: `mode=resetPassword` with an `oobCode` checks the code and forwards to /reset with the
 * address (and the project folder of a guest's invitation, `folder`); without a code it goes to /; any other mode fails (SPEC: 'Invalid actionMode', said in German).
 */
export default function ActionPage() {
  const { t } = useTranslation('account');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const mode = searchParams.get('mode');
  const oobCode = searchParams.get('oobCode');
  // Only a folder id (one path segment): the link can lead nowhere but into a project folder.
  const folder = searchParams.get('folder');
  const folderId = folder && FOLDER_ID.test(folder) ? folder : undefined;
  const resetMode = mode === 'resetPassword';
  const verify = useVerifyResetCode(resetMode ? oobCode : null);

  useEffect(() => {
    if (verify.data && oobCode) {
      const state: ResetState = { mail: verify.data.mail, oobCode, ...(folderId ? { folderId } : {}) };
      navigate('/reset', { replace: true, state });
    }
  }, [verify.data, oobCode, folderId, navigate]);

  if (!oobCode) return <Navigate to="/" replace />;
  const title = (
    <Title order={1} size="h2">
      {t('action.title')}
    </Title>
  );
  if (!resetMode) {
    return (
      <Paper withBorder p="xl" maw={480} mx="auto">
        <Stack>
          {title}
          <Alert color="red" title={t('action.failedTitle')} role="alert" data-testid="action-error">
            {t('action.invalidMode')}
          </Alert>
        </Stack>
      </Paper>
    );
  }
  if (verify.isError) {
    return (
      <Paper withBorder p="xl" maw={480} mx="auto">
        <Stack>
          {title}
          <Alert color="red" title={t('action.failedTitle')} role="alert">
            {verify.error.message}
          </Alert>
          <Anchor component={Link} to="/forget">
            {t('action.requestNew')}
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  return (
    <Center mih="30vh">
      <Stack align="center">
        {title}
        <Loader />
        <Text size="sm">{t('action.checking')}</Text>
      </Stack>
    </Center>
  );
}
