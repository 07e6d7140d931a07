import { Text, Tooltip } from '@mantine/core';
import type { ConversationSummary } from '@portal/domain/schemas/conversation';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §2: '!' while the conversation's last message is unread: an incoming one the own company has not read,
 * or an own one the other side has not read yet (it goes away live when they open the chat).
 */
export function UnreadMark({ lastMessage }: { lastMessage: ConversationSummary['lastMessage'] }) {
  const { t } = useTranslation('conversation');
  if (!lastMessage || lastMessage.readDate !== null) return null;
  const label = lastMessage.own ? t('unreadOwn') : t('unreadOther');
  return (
    <Tooltip label={label}>
      <Text
        component="span"
        fw={700}
        c={lastMessage.own ? 'gray' : 'red'}
        aria-label={label}
        data-testid="unread-mark"
      >
        {t('unreadMark')}
      </Text>
    </Tooltip>
  );
}
