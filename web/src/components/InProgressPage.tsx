import { Alert, Stack, Title } from '@mantine/core';
import type { PageId } from '@portal/domain/rules/reachability';
import { useTranslation } from 'react-i18next';

/** A screen of a later issue: the shell works, the content follows. */
export function InProgressPage({ page }: { page: PageId }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{t(`pages.${page}`)}</Title>
      <Alert color="gray" title={t('inProgress.title')}>
        {t('inProgress.text')}
      </Alert>
    </Stack>
  );
}
