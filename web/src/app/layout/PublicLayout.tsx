import { Box, Container, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './Footer';
import { Logo } from './Logo';

/**
 * Signed-out screens: the portal's name above a centred card, the footer below; `wide` for the one signed-out
 * screen with a table (the public project folder).
 */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      mih="100vh"
      style={{ display: 'flex', flexDirection: 'column', background: 'var(--mantine-color-gray-0)' }}
    >
      <Container size={wide ? 'xl' : 'sm'} w="100%" py="xl" style={{ flex: 1 }}>
        <Group gap="sm" mb="lg" justify="center">
          <Logo size={36} />
          <div>
            <Title order={1} size="h3">
              {t('appName')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('appTagline')}
            </Text>
          </div>
        </Group>
        <main>{children}</main>
      </Container>
      <Footer />
    </Box>
  );
}
