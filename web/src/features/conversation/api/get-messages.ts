import { conversationMessages } from '@portal/domain/schemas/conversation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usePollingInterval } from '../../../lib/live-events';
import { CONVERSATION_API, messagesKey } from './conversation-keys';

/** GET /conversation/message: the newest 100 messages of a conversation, oldest first. */
export function useMessages(conversationId: string | null) {
  const refetchInterval = usePollingInterval();
  return useQuery({
    queryKey: messagesKey(conversationId ?? ''),
    queryFn: ({ signal }) =>
      api.get(
        `${CONVERSATION_API}/message`,
        conversationMessages,
        { conversationId: conversationId! },
        signal,
      ),
    refetchInterval,
    enabled: conversationId !== null,
  });
}
