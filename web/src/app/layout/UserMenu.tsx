import { Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession, useSignOut } from '../../features/auth';

/**
 * The header's user menu: who is signed in, for which company, the profile and signing out. A small panel
 * (a disclosure with links and a button) rather than an ARIA menu: Mantine's menu puts a focus sentinel into
 * its `role="menu"`, which WCAG 4.1.2 checks reject; here the panel takes focus, Tab walks it and Escape
 * closes it and returns focus to the button.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useSession().data ?? null;
  const navigate = useNavigate();
  const signOut = useSignOut();

  const handleSignOut = () => {
    close();
    signOut.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) });
  };

  return (
    <Popover
      opened={opened}
      onChange={toggle}
      position="bottom-end"
      trapFocus
      returnFocus
      withinPortal={false}
    >
      <Popover.Target>
        <UnstyledButton data-testid="user-menu" onClick={toggle}>
          <Group gap={4}>
            <Text size="sm">
              {session ? `${session.user.name} ${session.user.lastname}` : ''}
              {session?.user.admin ? ' (Admin)' : ''}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Stack gap={4} miw={200}>
          <Text size="xs" c="dimmed" px="xs">
            {session?.company.name}
          </Text>
          <Button
            component={Link}
            to="/profile"
            variant="subtle"
            justify="flex-start"
            leftSection={<IconUser size={14} aria-hidden />}
            onClick={close}
          >
            {t('menu.profile')}
          </Button>
          <Button
            variant="subtle"
            justify="flex-start"
            leftSection={<IconLogout size={14} aria-hidden />}
            onClick={handleSignOut}
            data-testid="sign-out"
          >
            {t('menu.signOut')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
