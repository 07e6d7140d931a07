import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** SPEC §2 error page: title, status code and text (or the unknown-error text), back to start. */
export function ErrorPage({ status, text, onBack }: { status?: number; text?: string; onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={520}>
        <Title order={1} size="h2">
          {t('errorPage.title')}
        </Title>
        {status !== undefined && <Text fw={600}>{t('errorPage.status', { status })}</Text>}
        <Text c="dimmed" ta="center">
          {text ?? t('errorPage.unknown')}
        </Text>
        <Button
          onClick={() => {
            onBack?.();
            window.location.assign('/');
          }}
        >
          {t('errorPage.backToStart')}
        </Button>
      </Stack>
    </Center>
  );
}
