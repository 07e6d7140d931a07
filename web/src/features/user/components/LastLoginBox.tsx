import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useLastLogins } from '../api/get-last-logins';

/** SPEC §2: the operator's box of the most recent sign-ins. */
export function LastLoginBox() {
  const { t } = useTranslation('user');
  const logins = useLastLogins(true);
  return (
    <Paper withBorder p="md" radius="md" data-testid="last-logins">
      <Title order={2} size="h4" mb="xs">
        {t('list.lastLogins')}
      </Title>
      {logins.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('list.noLogins')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={4}>
        {logins.data?.map((login) => (
          <Text key={login.id} size="sm">
            <b>{formatDateTime(login.lastLoginAt)}</b> · {login.name} {login.lastname} ({login.companyName})
          </Text>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
