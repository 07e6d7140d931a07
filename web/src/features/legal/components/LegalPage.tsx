import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../auth';

export type LegalDocument = 'avb' | 'imprint' | 'privacy' | 'tom' | 'subcontractors';

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/**
 * One legal page (SPEC §2): reachable signed in and out; "back" goes to the profile, or to the login when
 * signed out. The texts live in `locales/de/legal.json`.
 */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  const signedIn = !!useSession().data;
  const sections = t(`${document}.sections`, { returnObjects: true }) as LegalSection[];
  const back = signedIn
    ? { to: '/profile', label: t('backToProfile') }
    : { to: '/login', label: t('backToLogin') };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={860} mx="auto" component="article">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">
              {t(`${document}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t('asOf', { date: t(`${document}.date`) })}
            </Text>
          </div>
          <Button component={Link} to={back.to} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {back.label}
          </Button>
        </Group>
        <Text>{t(`${document}.intro`)}</Text>
        {sections.map((section) => (
          <section key={section.heading}>
            <Title order={2} size="h5" mb={4}>
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} size="sm" mb={6}>
                {paragraph}
              </Text>
            ))}
          </section>
        ))}
        <Group>
          <Button component={Link} to={back.to} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {back.label}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
