import { markedRead } from '@portal/domain/schemas/conversation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CONVERSATION_API, messagesKey } from './conversation-keys';

/** POST /conversation/message/read/all: opening a chat reads the other side's messages (SPEC §4). */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api.post(`${CONVERSATION_API}/message/read/all`, { conversationId }, markedRead),
    onSuccess: ({ marked }, conversationId) => {
      // The reader's notifications about this chat are read with it (the bell).
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      if (marked === 0) return;
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
      void queryClient.invalidateQueries({ queryKey: messagesKey(conversationId) });
    },
  });
}
