import { z } from 'zod';
import { FILE_TYPES } from '../enums';
import { isoDate, text } from './common';

/**
 * The chat (SPEC §1 chat, §2 chat side panel, §3 Conversation/Message, §4, §6, §7 /conversation/*).
 * One conversation per enquiry and supplier company, between that supplier and the enquiry's customer; the
 * supplier's offer on the enquiry continues it (the offer's chat is the same conversation, linked to the
 * offer when the supplier opens the chat there, on a draft too). All calls under /api/conversation; whoever is not one of
 * the two companies gets 404 (a malformed id included); externals and the operator see none.
 *
 * - GET  /?enquiryId | ?offerId | (none: all of the own company's, newest first) -> conversationList
 * - POST / {enquiryId} | {offerId}      (suppliers) -> 201 new / 200 existing conversationSummary;
 *        customers 403 CHAT_CUSTOMER_START (SPEC §4: customers only use existing conversations)
 * - GET  /message?conversationId&before  -> conversationMessages (newest 100, `before` pages back)
 * - GET  /message/unread                  -> unreadCounts (the other side's unread messages)
 * - POST /message/read {messageId}        -> 204; marks one message of the other side read
 * - POST /message/read/all {conversationId} (also GET with a same-origin proof) -> markedRead
 * - POST /message/send multipart: conversationId, content, then at most one file (SPEC §5 upload rules)
 *        -> 201 message
 * - GET  /message/file?messageId          -> the attachment (as download)
 * - GET  /message/copyfile?messageId&fileType (same-origin proof: it changes data) -> 201 copiedFile;
 *        SPEC §6: suppliers in offer chats (into the offer's files), customers in chats without an offer
 *        (into the enquiry's files, drafts only)
 */

export const CHAT_TEXTS = {
  contentTooLong: 'Die Nachricht darf höchstens 5000 Zeichen lang sein.',
} as const;

export const CHAT_MESSAGE_MAX = 5000;
export const CHAT_PAGE_SIZE = 100;

/** Any text: a malformed id is answered as not found by the service, never as an input error. */
const anyId = text().max(200);

export const conversationListQuery = z.object({
  enquiryId: anyId.optional(),
  offerId: anyId.optional(),
});
export type ConversationListQuery = z.infer<typeof conversationListQuery>;

export const createConversationBody = z
  .object({ enquiryId: anyId.optional(), offerId: anyId.optional() })
  .refine((body) => Boolean(body.enquiryId) !== Boolean(body.offerId), {
    message: 'Bitte geben Sie genau eine Anfrage oder ein Angebot an.',
  });
export type CreateConversationBody = z.infer<typeof createConversationBody>;

export const chatPerson = z.object({
  userId: z.string().nullable(),
  fullName: z.string(),
  companyName: z.string(),
});
export type ChatPerson = z.infer<typeof chatPerson>;

export const lastMessage = z.object({
  content: z.string(),
  hasFile: z.boolean(),
  sender: chatPerson,
  createdAt: isoDate,
  /** Written by the own company. */
  own: z.boolean(),
  /** Null: not read yet by the receiving side (the panel's '!'; for an own message: not read by the other side). */
  readDate: isoDate.nullable(),
});

export const conversationSummary = z.object({
  id: z.uuid(),
  enquiryId: z.uuid(),
  /** The current version of the supplier's offer the chat continues on; null: a chat on the enquiry only. */
  offerId: z.uuid().nullable(),
  title: z.string(),
  referenceNumber: z.string().nullable(),
  offerNumber: z.string().nullable(),
  customerName: z.string(),
  supplierName: z.string(),
  /** The other side's company name, as the panel shows it. */
  companyName: z.string(),
  lastMessage: lastMessage.nullable(),
  lastMessageAt: isoDate.nullable(),
  /** The other side's messages the own company has not read yet. */
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationList = z.object({ conversations: z.array(conversationSummary) });
export type ConversationList = z.infer<typeof conversationList>;

export const messageFile = z.object({ filename: z.string(), size: z.number().int() });

export const chatMessage = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.string().nullable(),
  companyId: z.uuid(),
  content: z.string(),
  createDate: isoDate,
  readDate: isoDate.nullable(),
  readBy: z.string().nullable(),
  userFullName: z.string(),
  companyName: z.string(),
  /** True for the own company's messages (bubbles on the right). */
  own: z.boolean(),
  file: messageFile.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const conversationMessagesQuery = z.object({
  conversationId: anyId,
  before: isoDate.optional(),
});

export const conversationMessages = z.object({
  conversation: conversationSummary,
  /** Oldest first. */
  messages: z.array(chatMessage),
  hasMore: z.boolean(),
  /** SPEC §6: whether the asker may copy attachments of this chat into the workflow, and where to. */
  copyTarget: z.enum(['OFFER', 'ENQUIRY']).nullable(),
});
export type ConversationMessages = z.infer<typeof conversationMessages>;

export const unreadCounts = z.object({
  total: z.number().int(),
  conversations: z.array(z.object({ conversationId: z.uuid(), unread: z.number().int() })),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

export const markReadBody = z.object({ messageId: anyId });
export const markAllReadBody = z.object({ conversationId: anyId });
export const markedRead = z.object({ marked: z.number().int() });

/** The multipart text fields of /message/send (the file part is read by the route). */
export const sendMessageFields = z.object({
  conversationId: anyId,
  content: text().trim().max(CHAT_MESSAGE_MAX, CHAT_TEXTS.contentTooLong).default(''),
});

export const messageFileQuery = z.object({ messageId: anyId });

export const copyFileQuery = z.object({
  messageId: anyId,
  fileType: z.enum(FILE_TYPES),
});

export const copiedFile = z.object({
  target: z.enum(['OFFER', 'ENQUIRY']),
  /** The enquiry or offer the file now belongs to. */
  targetId: z.uuid(),
  fileId: z.uuid(),
  filename: z.string(),
});
export type CopiedFile = z.infer<typeof copiedFile>;
