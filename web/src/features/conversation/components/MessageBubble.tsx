import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ChatMessage } from '@portal/domain/schemas/conversation';
import { IconDownload, IconFileImport, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { messageFileUrl } from '../api/conversation-keys';
import { ChatAvatar } from './ChatAvatar';

/** One message: own ones on the right, the sender's avatar, one attachment (download, copy into the workflow). */
export function MessageBubble({
  message,
  onCopy,
}: {
  message: ChatMessage;
  /** Set when the asker may copy this chat's attachments into the offer or enquiry (SPEC §6). */
  onCopy?: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation('conversation');
  return (
    <Group
      justify={message.own ? 'flex-end' : 'flex-start'}
      align="flex-end"
      wrap="nowrap"
      gap="xs"
      data-testid="chat-message"
      data-own={message.own ? 'ja' : 'nein'}
    >
      {!message.own && <ChatAvatar name={message.userFullName} personKey={message.senderId} size={28} />}
      <Paper
        p="xs"
        radius="md"
        maw="80%"
        bg={message.own ? 'blue.0' : 'gray.0'}
        withBorder
        style={{ wordBreak: 'break-word' }}
      >
        <Text size="xs" c="dimmed">
          {message.userFullName} ({message.companyName}) · {formatDateTime(message.createDate)}
        </Text>
        {message.content && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {message.content}
          </Text>
        )}
        {message.file && (
          <Stack gap={4} mt={4}>
            <Group gap={4} wrap="nowrap">
              <IconPaperclip size={14} aria-hidden />
              <Anchor href={messageFileUrl(message.id)} download size="sm" data-testid="chat-attachment">
                {message.file.filename}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatFileSize(message.file.size)}
              </Text>
              <IconDownload size={14} aria-hidden />
            </Group>
            {onCopy && (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconFileImport size={14} />}
                onClick={() => onCopy(message)}
              >
                {t('copy')}
              </Button>
            )}
          </Stack>
        )}
        {message.own && (
          <Text size="xs" c="dimmed" ta="right">
            {message.readDate ? t('read') : t('unreadOwn')}
          </Text>
        )}
      </Paper>
      {message.own && <ChatAvatar name={message.userFullName} personKey={message.senderId} size={28} />}
    </Group>
  );
}
