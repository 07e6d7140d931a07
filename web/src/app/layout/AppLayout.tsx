import { AppShell, Burger, Group, NavLink, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { hasNotifications, menuFor } from '@portal/domain/rules/menu';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toViewer, useSession } from '../../features/auth';
import { NotificationBell } from '../../features/notification';
import { useLiveEvents } from '../../lib/use-live-events';
import { Footer } from './Footer';
import { Logo } from './Logo';
import { MENU_ICONS } from './menu-icons';
import { MAIN_ID, SkipLink } from './SkipLink';
import { UserMenu } from './UserMenu';

/** The signed-in shell: header with notifications and user menu, the menu per company type, the footer. */
export function AppLayout({ children }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const session = useSession().data ?? null;
  const viewer = toViewer(session);
  const location = useLocation();
  const entries = menuFor(viewer);
  // SPEC §6: the bell, its live updates and the 15-minute polling are for customers and suppliers.
  const bell = hasNotifications(viewer);
  useLiveEvents(bell);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('menu.openMenu')}
            />
            <UnstyledButton component={Link} to="/">
              <Group gap={8}>
                <Logo />
                <Text fw={700} visibleFrom="xs">
                  {t('appName')}
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="xs">
            {bell && <NotificationBell />}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Hauptmenü">
        <nav data-testid="main-menu">
          {entries.map((entry) => {
            const Icon = MENU_ICONS[entry.id];
            const active = location.pathname === entry.path || location.pathname.startsWith(`${entry.path}/`);
            return (
              <NavLink
                key={entry.id}
                component={Link}
                to={entry.path}
                label={t(`menu.${entry.id}`)}
                leftSection={<Icon size={18} />}
                active={active}
                onClick={close}
                data-menu={entry.id}
              />
            );
          })}
        </nav>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ flex: 1 }}>{children}</div>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
