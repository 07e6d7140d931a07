import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProfileResponse } from '@portal/domain/schemas/account';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text data-testid={testId}>{children}</Text>
    </div>
  );
}

/** The own company, the company type shown as role, and the admin flag. */
export function CompanyCard({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const { company, user } = profile;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('profile.companyTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Fact label={t('profile.companyName')} testId="profile-company">
            {company.name}
          </Fact>
          <Fact label={t('profile.address')}>
            {[`${company.street} ${company.houseNo}`.trim(), `${company.zip} ${company.city}`.trim()]
              .filter(Boolean)
              .join(', ') || '–'}
          </Fact>
          <Fact label={t('profile.role')} testId="profile-role">
            {tc(`companyType.${company.type}`)}
          </Fact>
          <Fact label={t('profile.admin')} testId="profile-admin">
            {user.admin ? t('profile.adminYes') : t('profile.adminNo')}
          </Fact>
          {company.customerNumber && (
            <Fact label={t('profile.customerNumber')}>{company.customerNumber}</Fact>
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
