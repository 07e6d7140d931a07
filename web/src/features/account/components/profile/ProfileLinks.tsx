import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ProfileResponse } from '@portal/domain/schemas/account';
import { IconBook, IconCalculator, IconCalendarEvent, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../../lib/notify';
import { useDownloadAvv } from '../../api/download-avv';

const LEGAL_LINKS = [
  ['/avb', 'profile.legalAvb'],
  ['/privacy', 'profile.legalPrivacy'],
  ['/tom', 'profile.legalTom'],
  ['/subcontractors', 'profile.legalSubcontractors'],
  ['/imprint', 'profile.legalImprint'],
] as const;

/**
 * AVV download, the pricing settings (supplier admins), documentation (operator only), appointment booking and
 * the legal pages.
 */
export function ProfileLinks({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('account');
  const avv = useDownloadAvv();

  const handleDownload = () => {
    avv.mutate(undefined, { onError: (error) => notify('AVV', 'get', 'error', error.message) });
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('profile.documentsTitle')}
        </Title>
        <Group>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={handleDownload}
            loading={avv.isPending}
            data-testid="avv-download"
          >
            {t('profile.avv')}
          </Button>
          {profile.company.type === 'SUPPLIER' && profile.user.admin && (
            <Button
              component={Link}
              to="/profile/pricing"
              variant="light"
              leftSection={<IconCalculator size={16} aria-hidden />}
            >
              {t('profile.pricing')}
            </Button>
          )}
          {profile.docsUrl && (
            <Button
              component="a"
              href={profile.docsUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<IconBook size={16} />}
            >
              {t('profile.docs')}
            </Button>
          )}
          {profile.bookingUrl && (
            <Button
              component="a"
              href={profile.bookingUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<IconCalendarEvent size={16} />}
            >
              {t('profile.booking')}
            </Button>
          )}
        </Group>
        <Group gap="lg">
          {LEGAL_LINKS.map(([to, label]) => (
            <Anchor key={to} component={Link} to={to} size="sm">
              {t(label)}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
