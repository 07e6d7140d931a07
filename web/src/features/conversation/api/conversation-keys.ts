/** Cache keys of the chat (lib/live-events.ts refreshes all of them on every chat event). */
export const CONVERSATION_API = '/conversation';
export const conversationsKey = (scope: { enquiryId?: string; offerId?: string }) =>
  ['conversations', scope] as const;
export const messagesKey = (conversationId: string) => ['conversation-messages', conversationId] as const;

/** GET /conversation/message/file: the attachment, downloaded by a plain link (the browser streams it). */
export function messageFileUrl(messageId: string): string {
  return `/api${CONVERSATION_API}/message/file?messageId=${encodeURIComponent(messageId)}`;
}
