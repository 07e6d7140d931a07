import { conversationMessages } from '@portal/domain/schemas/conversation';
import { api } from '../../../lib/api-client';
import { CONVERSATION_API } from './conversation-keys';

/** GET /conversation/message?before: the 100 messages before the oldest one shown ("Ältere Nachrichten laden"). */
export function fetchOlderMessages(conversationId: string, before: string) {
  return api.get(`${CONVERSATION_API}/message`, conversationMessages, { conversationId, before });
}
