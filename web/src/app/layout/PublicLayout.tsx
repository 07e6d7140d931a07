import { Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './Footer';
import { Logo } from './Logo';
import { MAIN_ID, SkipLink } from './SkipLink';

/**
 * Signed-out screens: the portal's name above a centred card, the footer below; `wide` for the one signed-out
 * screen with a table (the public project folder). The portal's name is no heading: each page's own title is
 * its one h1. Everything sits in a landmark (header, main, footer).
 */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      mih="100vh"
      style={{ display: 'flex', flexDirection: 'column', background: 'var(--mantine-color-gray-0)' }}
    >
      <SkipLink />
      <Container size={wide ? 'xl' : 'sm'} w="100%" py="xl" style={{ flex: 1 }}>
        <Group gap="sm" mb="lg" justify="center" component="header">
          <Logo size={36} />
          <div>
            <Text fw={700} fz="h3" lh={1.3}>
              {t('appName')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('appTagline')}
            </Text>
          </div>
        </Group>
        <main id={MAIN_ID} tabIndex={-1}>
          {children}
        </main>
      </Container>
      <Footer />
    </Box>
  );
}
