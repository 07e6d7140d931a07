import { Alert, Stack } from '@mantine/core';
import { IconClockHour4, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** SPEC §2 Profile notices: the registration awaits release; the initial password must be changed. */
export function ProfileNotices(props: { pendingRegistration: boolean; passwordChangeNeeded: boolean }) {
  const { t } = useTranslation('account');
  if (!props.pendingRegistration && !props.passwordChangeNeeded) return null;
  return (
    <Stack gap="sm">
      {props.pendingRegistration && (
        <Alert
          color="yellow"
          title={t('profile.pendingTitle')}
          icon={<IconClockHour4 />}
          data-testid="notice-pending"
        >
          {t('profile.pendingText')}
        </Alert>
      )}
      {props.passwordChangeNeeded && (
        <Alert
          color="orange"
          title={t('profile.passwordTitle')}
          icon={<IconKey />}
          data-testid="notice-password"
        >
          {t('profile.passwordText')}
        </Alert>
      )}
    </Stack>
  );
}
