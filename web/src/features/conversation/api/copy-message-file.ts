import type { FileType } from '@portal/domain/enums';
import { copiedFile } from '@portal/domain/schemas/conversation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CONVERSATION_API } from './conversation-keys';

/**
 * GET /conversation/message/copyfile (SPEC §7; it changes data, so the portal's request header is the
 * same-origin proof): the attachment becomes a file of the offer or the enquiry draft.
 */
export function useCopyMessageFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, fileType }: { messageId: string; fileType: FileType }) =>
      api.get(`${CONVERSATION_API}/message/copyfile`, copiedFile, { messageId, fileType }),
    onSuccess: (copied) => {
      void queryClient.invalidateQueries({ queryKey: [copied.target === 'OFFER' ? 'offer' : 'enquiry'] });
    },
  });
}
