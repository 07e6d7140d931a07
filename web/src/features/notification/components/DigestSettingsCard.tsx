import { Card, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';

/** The digest mail on or off, on the profile page of customers and suppliers. */
export function DigestSettingsCard() {
  const { t } = useTranslation('notification');
  const settings = useNotificationSettings(true);
  const save = useSaveNotificationSettings();
  return (
    <Card withBorder padding="md" data-testid="digest-settings">
      <Text fw={600} mb="xs">
        {t('center.digestTitle')}
      </Text>
      <Switch
        label={t('center.digestLabel')}
        checked={settings.data?.digest ?? true}
        disabled={!settings.data || save.isPending}
        onChange={(event) =>
          save.mutate(
            { digest: event.currentTarget.checked },
            {
              onSuccess: () => notify('NOTIFICATION', 'save', 'success'),
              onError: () => notify('NOTIFICATION', 'save', 'error'),
            },
          )
        }
      />
    </Card>
  );
}
