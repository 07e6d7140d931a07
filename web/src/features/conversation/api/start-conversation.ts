import { conversationSummary } from '@portal/domain/schemas/conversation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CONVERSATION_API } from './conversation-keys';

/** POST /conversation/: a supplier opens the chat (SPEC §4); an existing one comes back as it is. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: { enquiryId?: string; offerId?: string }) =>
      api.post(`${CONVERSATION_API}/`, scope, conversationSummary),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
      // Linked to an offer now: what the asker may copy changes with it.
      void queryClient.invalidateQueries({ queryKey: ['conversation-messages'] });
    },
  });
}
