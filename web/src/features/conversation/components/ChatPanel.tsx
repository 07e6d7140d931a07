import { Alert, Drawer, Loader, Text } from '@mantine/core';
import type { ConversationSummary } from '@portal/domain/schemas/conversation';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useConversations } from '../api/get-conversations';
import { useStartConversation } from '../api/start-conversation';
import { ConversationList } from './ConversationList';
import { ConversationView } from './ConversationView';

export interface ChatScope {
  enquiryId?: string;
  offerId?: string;
}

/**
 * SPEC §2 chat side panel: the conversations of an enquiry or offer, and one of them. A supplier who has none
 * yet starts it by opening the panel (SPEC §4); a customer sees the suppliers' conversations.
 */
export function ChatPanel({
  scope,
  side,
  opened,
  onClose,
  initialConversationId,
}: {
  scope: ChatScope;
  side: 'CUSTOMER' | 'SUPPLIER';
  opened: boolean;
  onClose(): void;
  initialConversationId?: string | null;
}) {
  const { t } = useTranslation('conversation');
  const list = useConversations(scope, opened);
  const start = useStartConversation();
  const [current, setCurrent] = useState<string | null>(initialConversationId ?? null);
  const conversations = list.data?.conversations ?? [];
  const { mutate: startConversation, isIdle } = start;

  useEffect(() => {
    if (!opened || !list.data) return;
    if (side === 'SUPPLIER') {
      // The supplier has at most one conversation per enquiry: open it, or start it (SPEC §4).
      // On its offer, a chat that so far belongs to the enquiry only is linked to the offer first (the same
      // conversation continues; only then may the supplier copy attachments into the offer, SPEC §6).
      const own = list.data.conversations[0];
      const unlinked = scope.offerId !== undefined && own?.offerId === null;
      if (own && !unlinked) setCurrent(own.id);
      else if (isIdle) {
        startConversation(scope, {
          onSuccess: (created) => setCurrent(created.id),
          onError: (error) =>
            notify('CONVERSATION', 'create', 'error', error instanceof ApiError ? error.message : undefined),
        });
      }
    } else if (list.data.conversations.length === 1) {
      setCurrent((value) => value ?? list.data.conversations[0]!.id);
    }
  }, [opened, list.data, side, scope, isIdle, startConversation]);

  const open = (conversation: ConversationSummary) => setCurrent(conversation.id);
  const showList = side === 'CUSTOMER' && conversations.length > 1;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('title')}
      styles={{ body: { height: 'calc(100% - 60px)' } }}
      data-testid="chat-panel"
    >
      {list.isError ? (
        <Alert color="red">{t('loadFailed')}</Alert>
      ) : !list.data ? (
        <Loader size="sm" />
      ) : current ? (
        <ConversationView
          key={current}
          conversationId={current}
          onBack={showList ? () => setCurrent(null) : undefined}
        />
      ) : conversations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {side === 'CUSTOMER' ? t('emptyCustomer') : t('empty')}
        </Text>
      ) : (
        <ConversationList conversations={conversations} onOpen={open} />
      )}
    </Drawer>
  );
}
