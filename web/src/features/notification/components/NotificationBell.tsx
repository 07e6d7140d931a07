import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify';
import { useNotifications } from '../api/get-notifications';
import { useUnreadNotifications } from '../api/get-unread-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationItem } from './NotificationItem';
import { useOpenNotification } from './use-open-notification';

/**
 * SPEC §2: the notification icon with the unread count, and its panel: the newest unread notifications,
 * "Alle als gelesen markieren", "Keine neuen Nachrichten" when there are none (customers and suppliers only).
 * The count is live (lib/live-events.ts) and polled every 15 minutes while the stream is down.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { t: tn } = useTranslation('notification');
  const [opened, setOpened] = useState(false);
  const unread = useUnreadNotifications(true).data?.count ?? 0;
  const list = useNotifications({ page: 0, paginationSize: 10, unreadOnly: 'true' }, opened);
  const markRead = useMarkNotificationsRead();
  const open = useOpenNotification(() => setOpened(false));
  const label = unread > 0 ? t('menu.unread', { count: unread }) : t('menu.notifications');
  const items = list.data?.content ?? [];

  const handleMarkAll = () =>
    markRead.mutate('all', { onError: () => notify('NOTIFICATION', 'update', 'error') });

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" withinPortal>
      {/* The popover's ARIA (aria-expanded, aria-controls) belongs on the button, not on the indicator's
          plain div; the count it shows is already in the button's name. */}
      <Indicator
        label={<span aria-hidden>{unread}</span>}
        size={16}
        disabled={unread === 0}
        color="red"
        offset={4}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={label}
            title={label}
            data-testid="notification-bell"
            data-unread={unread}
            onClick={() => setOpened((value) => !value)}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs" data-testid="notification-panel">
        <Group justify="space-between" px="xs" pb={4}>
          <Text fw={600}>{tn('center.title')}</Text>
          <Button variant="subtle" size="compact-xs" onClick={handleMarkAll} disabled={unread === 0}>
            {tn('center.markAllRead')}
          </Button>
        </Group>
        <Divider />
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {list.isLoading ? '…' : tn('center.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={0}>
              {items.map((item) => (
                <NotificationItem key={item.id} item={item} onOpen={open} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Divider />
        <Group justify="center" pt={6}>
          <Anchor component={Link} to="/messages" size="sm" onClick={() => setOpened(false)}>
            {tn('center.showAll')}
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
