import type { Actor } from './permissions';

/**
 * SPEC §4, §6: who takes part in a chat. A conversation belongs to one enquiry and one supplier
 * company; only that supplier and the enquiry's customer see it. Externals and the operator see none.
 */
export interface ConversationFacts {
  customerId: string;
  supplierId: string;
  /** The supplier's offer the chat continues on (null: a chat on the enquiry only). */
  offerId: string | null;
}

export function isChatParty(actor: Actor, conversation: ConversationFacts): boolean {
  if (actor.companyType === 'CUSTOMER') return actor.companyId === conversation.customerId;
  if (actor.companyType === 'SUPPLIER') return actor.companyId === conversation.supplierId;
  return false;
}

/** SPEC §4: a supplier may start a conversation; customers only use existing ones. */
export function canStartConversation(actor: Actor): boolean {
  return actor.companyType === 'SUPPLIER';
}

/**
 * SPEC §6: copying a chat attachment into the workflow: suppliers in offer chats (into the offer's files),
 * customers in chats without an offer (into the enquiry's files; the service also requires a draft).
 */
export function chatCopyTarget(actor: Actor, conversation: ConversationFacts): 'OFFER' | 'ENQUIRY' | null {
  if (!isChatParty(actor, conversation)) return null;
  if (actor.companyType === 'SUPPLIER') return conversation.offerId ? 'OFFER' : null;
  if (actor.companyType === 'CUSTOMER') return conversation.offerId ? null : 'ENQUIRY';
  return null;
}
