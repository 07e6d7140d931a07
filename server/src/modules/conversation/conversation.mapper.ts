import type { ChatMessage, ConversationSummary } from '@portal/domain/schemas/conversation';
import type { ConversationSummaryRow, MessageRow } from './conversation.repository';

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function toConversationSummary(row: ConversationSummaryRow, companyId: string): ConversationSummary {
  const ownIsCustomer = row.customer_id === companyId;
  return {
    id: row.id,
    enquiryId: row.enquiry_id,
    offerId: row.current_offer_id,
    title: row.title,
    referenceNumber: row.reference_number,
    offerNumber: row.offer_number,
    customerName: row.customer_name,
    supplierName: row.supplier_name,
    companyName: ownIsCustomer ? row.supplier_name : row.customer_name,
    lastMessage:
      row.last_created_at === null
        ? null
        : {
            content: row.last_content ?? '',
            hasFile: row.last_attachment !== null,
            sender: {
              userId: row.last_sender_id,
              fullName: row.last_sender_name ?? '',
              companyName: row.last_company_name ?? '',
            },
            createdAt: iso(row.last_created_at),
            own: row.last_company_id === companyId,
            readDate: row.last_read_at === null ? null : iso(row.last_read_at),
          },
    lastMessageAt: row.last_message_at === null ? null : iso(row.last_message_at),
    unread: Number(row.unread),
  };
}

export function toChatMessage(row: MessageRow, companyId: string): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    companyId: row.companyId,
    content: row.content,
    createDate: row.createdAt.toISOString(),
    readDate: row.readAt?.toISOString() ?? null,
    readBy: row.readBy,
    userFullName: row.senderName,
    companyName: row.companyName,
    own: row.companyId === companyId,
    file:
      row.attachmentKey && row.attachmentName
        ? { filename: row.attachmentName, size: row.attachmentSize ?? 0 }
        : null,
  };
}
