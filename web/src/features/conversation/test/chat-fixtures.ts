import type { ChatMessage, ConversationSummary } from '@portal/domain/schemas/conversation';

export const CONVERSATION_ID = '11111111-1111-4111-8111-111111111111';
export const ENQUIRY_ID = '22222222-2222-4222-8222-222222222222';

export function summary(values: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: CONVERSATION_ID,
    enquiryId: ENQUIRY_ID,
    offerId: null,
    title: 'Steuerschrank VM-4',
    referenceNumber: 'MM-7',
    offerNumber: null,
    customerName: 'Maschinenbau Kunde GmbH',
    supplierName: 'Schaltanlagen Liefer GmbH',
    companyName: 'Schaltanlagen Liefer GmbH',
    lastMessage: {
      content: 'Sollen die PE-Klemmen grün-gelb sein?',
      hasFile: false,
      sender: { userId: 'u-lars', fullName: 'Lars Lieferant', companyName: 'Schaltanlagen Liefer GmbH' },
      createdAt: '2026-11-20T09:15:00.000Z',
      own: false,
      readDate: null,
    },
    lastMessageAt: '2026-11-20T09:15:00.000Z',
    unread: 1,
    ...values,
  };
}

export function message(values: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    conversationId: CONVERSATION_ID,
    senderId: 'u-lars',
    companyId: '77777777-7777-4777-8777-777777777777',
    content: 'Sollen die PE-Klemmen grün-gelb sein?',
    createDate: '2026-11-20T09:15:00.000Z',
    readDate: null,
    readBy: null,
    userFullName: 'Lars Lieferant',
    companyName: 'Schaltanlagen Liefer GmbH',
    own: false,
    file: null,
    ...values,
  };
}
