import { chatMessage } from '@portal/domain/schemas/conversation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CONVERSATION_API, messagesKey } from './conversation-keys';

/** POST /conversation/message/send multipart: the conversation and the text first, then at most one file. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      conversationId,
      content,
      file,
    }: {
      conversationId: string;
      content: string;
      file: File | null;
    }) => {
      const form = new FormData();
      form.append('conversationId', conversationId);
      form.append('content', content);
      if (file) form.append('file', file, file.name);
      return api.post(`${CONVERSATION_API}/message/send`, form, chatMessage);
    },
    onSuccess: (_message, { conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: messagesKey(conversationId) });
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
    },
  });
}
