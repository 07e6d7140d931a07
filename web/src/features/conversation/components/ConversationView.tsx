import { Alert, Button, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import type { ChatMessage } from '@portal/domain/schemas/conversation';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useMessages } from '../api/get-messages';
import { fetchOlderMessages } from '../api/get-older-messages';
import { useMarkConversationRead } from '../api/mark-read';
import { CopyFileDialog } from './CopyFileDialog';
import { MessageBubble } from './MessageBubble';
import { MessageComposer } from './MessageComposer';
import { UnreadMark } from './UnreadMark';

/** One conversation: its messages, read on opening and whenever new ones arrive (SPEC §4), and the composer. */
export function ConversationView({
  conversationId,
  onBack,
}: {
  conversationId: string;
  onBack?: () => void;
}) {
  const { t } = useTranslation('conversation');
  const messages = useMessages(conversationId);
  const markRead = useMarkConversationRead();
  const [copying, setCopying] = useState<ChatMessage | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const data = messages.data;
  const unreadIncoming = data?.messages.some((message) => !message.own && message.readDate === null) ?? false;
  const newest = data?.messages.at(-1)?.id;

  const { mutate: markConversationRead } = markRead;
  const loaded = data !== undefined;
  const openedFor = useRef<string | null>(null);
  // SPEC §4: opening marks the other side's messages read (and the reader's notifications about them); so
  // does every new unread message while the chat is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `newest` is the trigger, not a value used inside
  useEffect(() => {
    if (!loaded) return;
    if (openedFor.current === conversationId && !unreadIncoming) return;
    openedFor.current = conversationId;
    markConversationRead(conversationId, { onError: () => notify('MESSAGE', 'update', 'error') });
  }, [conversationId, loaded, unreadIncoming, newest, markConversationRead]);

  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [olderDone, setOlderDone] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const hasOlder = !olderDone && (older.length > 0 || (data?.hasMore ?? false));
  const handleLoadOlder = async () => {
    const oldest = older[0] ?? data?.messages[0];
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const page = await fetchOlderMessages(conversationId, oldest.createDate);
      setOlder((current) => [...page.messages, ...current]);
      if (!page.hasMore) setOlderDone(true);
    } catch {
      notify('CONVERSATION', 'get', 'error');
    } finally {
      setLoadingOlder(false);
    }
  };

  useEffect(() => {
    const element = viewport.current;
    if (newest && element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  if (messages.isError) return <Alert color="red">{t('loadFailed')}</Alert>;

  return (
    <Stack gap="xs" h="100%" data-testid="conversation-view">
      <Group gap="xs" wrap="nowrap">
        {onBack && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={14} />}
            onClick={onBack}
          >
            {t('back')}
          </Button>
        )}
      </Group>
      {data && (
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" fw={600}>
            {data.conversation.companyName} · {data.conversation.title}
          </Text>
          <UnreadMark lastMessage={data.conversation.lastMessage} />
        </Group>
      )}
      {/* The messages are a log: new ones are announced, and the scrolled list is reachable by keyboard. */}
      <ScrollArea
        style={{ flex: 1 }}
        viewportRef={viewport}
        viewportProps={{ tabIndex: 0, role: 'log', 'aria-label': t('messages') }}
        type="auto"
      >
        {!data ? (
          <Loader size="sm" />
        ) : data.messages.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noMessages')}
          </Text>
        ) : (
          <Stack gap="xs" pr="xs">
            {hasOlder && (
              <Button variant="subtle" size="compact-xs" onClick={handleLoadOlder} loading={loadingOlder}>
                {t('loadOlder')}
              </Button>
            )}
            {[...older, ...data.messages].map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                onCopy={data.copyTarget ? setCopying : undefined}
              />
            ))}
          </Stack>
        )}
      </ScrollArea>
      <MessageComposer conversationId={conversationId} />
      {data?.copyTarget && (
        <CopyFileDialog message={copying} target={data.copyTarget} onClose={() => setCopying(null)} />
      )}
    </Stack>
  );
}
