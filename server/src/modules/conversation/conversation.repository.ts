import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { companies, conversationMessages, conversations, enquiries, offers, users } from '../../db/schema';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof conversationMessages.$inferSelect;

/** One line of the chat panel, as read by {@link findConversationSummaries}. */
export interface ConversationSummaryRow {
  id: string;
  enquiry_id: string;
  customer_id: string;
  supplier_id: string;
  offer_lineage_id: string | null;
  created_at: Date | string;
  last_message_at: Date | string | null;
  title: string;
  reference_number: string | null;
  customer_name: string;
  supplier_name: string;
  current_offer_id: string | null;
  offer_number: string | null;
  last_content: string | null;
  last_attachment: string | null;
  last_sender_id: string | null;
  last_sender_name: string | null;
  last_company_id: string | null;
  last_company_name: string | null;
  last_created_at: Date | string | null;
  last_read_at: Date | string | null;
  unread: number | string;
}

export interface SummaryFilter {
  companyId: string;
  /** The customer sees the newest released version of an offer, the supplier its newest version. */
  side: 'CUSTOMER' | 'SUPPLIER';
  conversationId?: string;
  enquiryId?: string;
  supplierId?: string;
  limit?: number;
}

/**
 * The conversations of one company with their newest message and the company's unread count: one statement
 * (lateral joins on the message index) for the panel, a single conversation, or the chats of one enquiry.
 */
export async function findConversationSummaries(
  db: DbOrTx,
  filter: SummaryFilter,
): Promise<ConversationSummaryRow[]> {
  const party =
    filter.side === 'CUSTOMER'
      ? sql`c.customer_id = ${filter.companyId}`
      : sql`c.supplier_id = ${filter.companyId}`;
  const conditions = [party];
  if (filter.conversationId) conditions.push(sql`c.id = ${filter.conversationId}`);
  if (filter.enquiryId) conditions.push(sql`c.enquiry_id = ${filter.enquiryId}`);
  if (filter.supplierId) conditions.push(sql`c.supplier_id = ${filter.supplierId}`);
  const released = filter.side === 'CUSTOMER' ? sql`and o.released` : sql``;
  const result = await db.execute(sql`
    select c.id, c.enquiry_id, c.customer_id, c.supplier_id, c.offer_lineage_id, c.created_at, c.last_message_at,
      e.title, e.reference_number, cust.name as customer_name, sup.name as supplier_name,
      cur.id as current_offer_id, cur.offer_number,
      lm.content as last_content, lm.attachment_name as last_attachment, lm.sender_id as last_sender_id,
      lm.sender_name as last_sender_name, lm.company_id as last_company_id, lm.company_name as last_company_name,
      lm.created_at as last_created_at, lm.read_at as last_read_at,
      (select count(*) from conversation_messages u
        where u.conversation_id = c.id and u.read_at is null and u.company_id <> ${filter.companyId}) as unread
    from conversations c
    join enquiries e on e.id = c.enquiry_id
    join companies cust on cust.id = c.customer_id
    join companies sup on sup.id = c.supplier_id
    left join lateral (
      select o.id, o.offer_number from offers o
      where o.lineage_id = c.offer_lineage_id ${released}
      order by o.version desc limit 1
    ) cur on true
    left join lateral (
      select m.* from conversation_messages m where m.conversation_id = c.id
      order by m.created_at desc, m.id desc limit 1
    ) lm on true
    where ${sql.join(conditions, sql` and `)}
    order by coalesce(c.last_message_at, c.created_at) desc, c.id
    limit ${filter.limit ?? 100}`);
  return rowsOf<ConversationSummaryRow>(result);
}

export async function findConversation(db: DbOrTx, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

/** Creates the conversation of an enquiry and supplier, or finds the one that exists (a second tab, a race). */
export async function ensureConversation(
  db: DbOrTx,
  values: {
    enquiryId: string;
    supplierId: string;
    customerId: string;
    createdBy: string;
    offerLineageId?: string;
  },
): Promise<{ row: ConversationRow; created: boolean }> {
  const [inserted] = await db.insert(conversations).values(values).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.enquiryId, values.enquiryId), eq(conversations.supplierId, values.supplierId)),
    );
  return { row: existing!, created: false };
}

export async function linkOffer(db: DbOrTx, id: string, offerLineageId: string): Promise<void> {
  await db.update(conversations).set({ offerLineageId }).where(eq(conversations.id, id));
}

export async function findMessages(
  db: DbOrTx,
  conversationId: string,
  before: Date | undefined,
  limit: number,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        before ? lt(conversationMessages.createdAt, before) : undefined,
      ),
    )
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(limit);
}

export async function findMessage(db: DbOrTx, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(conversationMessages).where(eq(conversationMessages.id, id));
  return row;
}

export async function insertMessage(
  db: DbOrTx,
  values: typeof conversationMessages.$inferInsert,
): Promise<MessageRow> {
  const [row] = await db.insert(conversationMessages).values(values).returning();
  await db
    .update(conversations)
    .set({ lastMessageAt: row!.createdAt })
    .where(eq(conversations.id, values.conversationId));
  return row!;
}

/** Marks the other side's unread messages of a conversation read (one, or all); returns how many. */
export async function markMessagesRead(
  db: DbOrTx,
  reader: { userId: string; companyId: string },
  target: { conversationId: string; messageId?: string },
): Promise<number> {
  const rows = await db
    .update(conversationMessages)
    .set({ readAt: sql`now()`, readBy: reader.userId })
    .where(
      and(
        eq(conversationMessages.conversationId, target.conversationId),
        target.messageId ? eq(conversationMessages.id, target.messageId) : undefined,
        ne(conversationMessages.companyId, reader.companyId),
        isNull(conversationMessages.readAt),
      ),
    )
    .returning({ id: conversationMessages.id });
  return rows.length;
}

/** The company's unread messages per conversation (the other side's, not yet read). */
export async function countUnreadMessages(
  db: DbOrTx,
  who: { companyId: string; side: 'CUSTOMER' | 'SUPPLIER' },
): Promise<{ conversationId: string; unread: number }[]> {
  const party = who.side === 'CUSTOMER' ? sql`c.customer_id` : sql`c.supplier_id`;
  const result = await db.execute(sql`
    select m.conversation_id, count(*) as unread
    from conversations c join conversation_messages m on m.conversation_id = c.id
    where ${party} = ${who.companyId} and m.read_at is null and m.company_id <> ${who.companyId}
    group by m.conversation_id`);
  return rowsOf<{ conversation_id: string; unread: number | string }>(result).map((row) => ({
    conversationId: row.conversation_id,
    unread: Number(row.unread),
  }));
}

/** The sender's name parts and company name, as a message stores them. */
export async function findSenderNames(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ name: users.name, lastname: users.lastname, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The latest version of an offer lineage (only released versions with `releasedOnly`), or null. */
export async function findLatestOfferOfLineage(
  db: DbOrTx,
  lineageId: string,
  releasedOnly: boolean,
): Promise<{ id: string } | null> {
  const [offer] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.lineageId, lineageId), releasedOnly ? eq(offers.released, true) : undefined))
    .orderBy(desc(offers.version))
    .limit(1);
  return offer ?? null;
}

export async function findEnquiryTitle(db: DbOrTx, enquiryId: string): Promise<string | null> {
  const [enquiry] = await db
    .select({ title: enquiries.title })
    .from(enquiries)
    .where(eq(enquiries.id, enquiryId));
  return enquiry?.title ?? null;
}
