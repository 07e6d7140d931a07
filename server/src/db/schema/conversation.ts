import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './company';
import { enquiries } from './enquiry';
import { offers } from './offer';

/**
 * A chat (SPEC §3 Conversation) between one supplier company and the customer of one enquiry. The
 * supplier's offer on the enquiry continues it: `offer_lineage_id` (the id of the offer's version 1) is set
 * when the supplier opens the chat on its offer, so one thread covers the cabinet before and after the offer.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => companies.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => companies.id),
    offerLineageId: uuid('offer_lineage_id').references(() => offers.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_enquiry_supplier_key').on(t.enquiryId, t.supplierId),
    index('conversations_supplier_idx').on(t.supplierId, t.lastMessageAt),
    index('conversations_customer_idx').on(t.customerId, t.lastMessageAt),
    index('conversations_offer_idx').on(t.offerLineageId),
  ],
);

/**
 * SPEC §3 Message. The sender's name and company are kept with the message (a chat stays readable when a
 * user leaves); read marks are per company: the first person of the receiving company who opens the chat
 * reads it for the company (`read_by`). The attachment lies under a generated key, never the user's name.
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    senderName: text('sender_name').notNull(),
    companyName: text('company_name').notNull(),
    content: text('content').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    readBy: uuid('read_by').references(() => users.id, { onDelete: 'set null' }),
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentSize: bigint('attachment_size', { mode: 'number' }),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt),
    // Unread counts read only the unread rows (few) of the asker's conversations.
    index('conversation_messages_unread_idx')
      .on(t.conversationId, t.companyId)
      .where(sql`${t.readAt} is null`),
  ],
);
