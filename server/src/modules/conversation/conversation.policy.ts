import { isChatParty } from '@portal/domain/permissions';
import { isUuid } from '@portal/domain/rules/uuid';
import type { RequestActor } from '../../auth/actor';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import {
  type ConversationRow,
  findConversation,
  findMessage,
  type MessageRow,
} from './conversation.repository';

/** SPEC §6: chats are for customers and suppliers; the operator and externals have none (403). */
export function chatSide(actor: RequestActor): 'CUSTOMER' | 'SUPPLIER' {
  if (actor.companyType === 'CUSTOMER' || actor.companyType === 'SUPPLIER') return actor.companyType;
  throw new AppError('FORBIDDEN');
}

/** The conversation if the actor's company is one of its two, else 404 (a malformed id included). */
export async function partyConversation(
  db: DbOrTx,
  actor: RequestActor,
  id: string,
): Promise<ConversationRow> {
  chatSide(actor);
  const found = isUuid(id) ? await findConversation(db, id) : undefined;
  if (!found || !isChatParty(actor, { ...found, offerId: found.offerLineageId }))
    throw new AppError('NOT_FOUND');
  return found;
}

/** A message of a conversation of the actor's company, else 404. */
export async function partyMessage(
  db: DbOrTx,
  actor: RequestActor,
  id: string,
): Promise<{ message: MessageRow; conversation: ConversationRow }> {
  chatSide(actor);
  const message = isUuid(id) ? await findMessage(db, id) : undefined;
  if (!message) throw new AppError('NOT_FOUND');
  return { message, conversation: await partyConversation(db, actor, message.conversationId) };
}
