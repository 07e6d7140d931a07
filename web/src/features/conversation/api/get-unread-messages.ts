import { unreadCounts } from '@portal/domain/schemas/conversation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usePollingInterval } from '../../../lib/live-events';
import { CONVERSATION_API, unreadMessagesKey } from './conversation-keys';

/** GET /conversation/message/unread: the other side's unread messages per conversation and in total. */
export function useUnreadMessages(enabled = true) {
  const refetchInterval = usePollingInterval();
  return useQuery({
    queryKey: unreadMessagesKey,
    queryFn: ({ signal }) => api.get(`${CONVERSATION_API}/message/unread`, unreadCounts, undefined, signal),
    refetchInterval,
    enabled,
  });
}
