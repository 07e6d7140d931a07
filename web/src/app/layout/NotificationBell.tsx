import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * SPEC §2: the notification icon with its unread count (customers and suppliers only). The count comes
 * from the caller; the notifications feature feeds it with its 15-minute polling.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const label = unread > 0 ? t('menu.unread', { count: unread }) : t('menu.notifications');
  return (
    <Tooltip label={label}>
      <Indicator label={unread} size={16} disabled={unread === 0} color="red" offset={4}>
        <ActionIcon
          component={Link}
          to="/messages"
          variant="subtle"
          size="lg"
          aria-label={label}
          data-testid="notification-bell"
        >
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
