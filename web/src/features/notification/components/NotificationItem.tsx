import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { NotificationItem as Item } from '@portal/domain/schemas/notification';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

export const LEVEL_COLORS: Record<Item['level'], string> = {
  info: 'blue',
  success: 'green',
  warn: 'orange',
  error: 'red',
};

/**
 * One notification (panel and /messages): level, text, time; a click opens its link and marks it read. The
 * button is named by what it shows (level, text, time), so speech input can address it by its visible text.
 */
export function NotificationItem({ item, onOpen }: { item: Item; onOpen: (item: Item) => void }) {
  const { t } = useTranslation('notification');
  return (
    <UnstyledButton
      onClick={() => onOpen(item)}
      p="xs"
      style={{ borderRadius: 4, width: '100%' }}
      data-testid="notification-item"
      data-read={item.read ? 'ja' : 'nein'}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={LEVEL_COLORS[item.level]} variant="light" size="sm" style={{ flexShrink: 0 }}>
          {t(`center.levels.${item.level}`)}
        </Badge>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={item.read ? 400 : 600}>
            {item.text}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(item.createdAt)}
            {item.read ? '' : ` · ${t('center.unread')}`}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
