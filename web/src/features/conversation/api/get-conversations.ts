import { conversationList } from '@portal/domain/schemas/conversation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usePollingInterval } from '../../../lib/live-events';
import { CONVERSATION_API, conversationsKey } from './conversation-keys';

/** GET /conversation/: the chats of an enquiry or an offer the asker takes part in. */
export function useConversations(scope: { enquiryId?: string; offerId?: string }, enabled = true) {
  const refetchInterval = usePollingInterval();
  return useQuery({
    queryKey: conversationsKey(scope),
    queryFn: ({ signal }) => api.get(`${CONVERSATION_API}/`, conversationList, { ...scope }, signal),
    refetchInterval,
    enabled,
  });
}
