import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ConversationSummary } from '@portal/domain/schemas/conversation';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { ChatAvatar } from './ChatAvatar';
import { UnreadMark } from './UnreadMark';

/** SPEC §2: the panel's conversations: sender name and company, last message time, '!' when unread. */
export function ConversationList({
  conversations,
  onOpen,
}: {
  conversations: ConversationSummary[];
  onOpen(conversation: ConversationSummary): void;
}) {
  const { t } = useTranslation('conversation');
  return (
    <Stack gap={4} data-testid="conversation-list">
      {conversations.map((conversation) => {
        const last = conversation.lastMessage;
        const sender = last?.sender.fullName ?? conversation.companyName;
        return (
          <UnstyledButton
            key={conversation.id}
            onClick={() => onOpen(conversation)}
            p="xs"
            style={{ borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)' }}
            // Named by what it shows (sender, subject, last message), so the name holds its visible text.
            data-testid="conversation-entry"
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <ChatAvatar name={sender} personKey={last?.sender.userId ?? null} />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} truncate>
                    {last ? `${last.sender.fullName} (${last.sender.companyName})` : conversation.companyName}
                  </Text>
                  <UnreadMark lastMessage={last} />
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {conversation.offerNumber ? t('offer', { number: conversation.offerNumber }) : t('enquiry')}
                  {` · ${conversation.title}`}
                </Text>
                <Text size="sm" truncate>
                  {last ? last.content || t('attachmentOnly') : t('noLastMessage')}
                </Text>
                {last && (
                  <Text size="xs" c="dimmed">
                    {formatDateTime(last.createdAt)}
                  </Text>
                )}
              </Stack>
            </Group>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
