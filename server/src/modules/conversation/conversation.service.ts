import { canStartConversation, canUploadOfferFile, chatCopyTarget } from '@portal/domain/permissions';
import type {
  ConversationList,
  ConversationListQuery,
  ConversationMessages,
  ConversationSummary,
  CreateConversationBody,
  UnreadCounts,
} from '@portal/domain/schemas/conversation';
import { CHAT_PAGE_SIZE } from '@portal/domain/schemas/conversation';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordLiveEvent } from '../../events/live-events';
import { readableEnquiry } from '../enquiry';
import { markChatNotificationsRead } from '../notification';
import { readableOffer } from '../offer';
import { toChatMessage, toConversationSummary } from './conversation.mapper';
import { chatSide, partyConversation, partyMessage } from './conversation.policy';
import {
  type ConversationRow,
  countUnreadMessages,
  ensureConversation,
  findConversationSummaries,
  findMessages,
  linkOffer,
  markMessagesRead,
} from './conversation.repository';

/** Both companies of a conversation: every live event of a chat goes to both (the panel, the '!'). */
export function bothSides(conversation: Pick<ConversationRow, 'customerId' | 'supplierId'>) {
  return { companyIds: [conversation.customerId, conversation.supplierId] };
}

/**
 * SPEC §4 chat: conversations and reading them. Whoever is not one of the two companies learns
 * nothing (404); the operator and externals have no chat (403).
 */
export function createConversationService({ db }: { db: Db }) {
  async function summary(actor: RequestActor, conversationId: string): Promise<ConversationSummary> {
    const [row] = await findConversationSummaries(db, {
      companyId: actor.companyId,
      side: chatSide(actor),
      conversationId,
    });
    if (!row) throw new AppError('NOT_FOUND');
    return toConversationSummary(row, actor.companyId);
  }

  /** SPEC §6 copy rule, narrowed to what can be done now: an enquiry draft, an offer that takes files. */
  async function copyTargetOf(
    actor: RequestActor,
    conversation: ConversationRow,
    current: ConversationSummary,
  ) {
    const target = chatCopyTarget(actor, { ...conversation, offerId: conversation.offerLineageId });
    if (target === 'ENQUIRY') {
      const { enquiry } = await readableEnquiry(db, actor, conversation.enquiryId);
      return enquiry.released ? null : target;
    }
    if (target === 'OFFER' && current.offerId) {
      const { offer } = await readableOffer(db, actor, current.offerId);
      return canUploadOfferFile(actor, offer) ? target : null;
    }
    return null;
  }

  return {
    async list(actor: RequestActor, query: ConversationListQuery): Promise<ConversationList> {
      const side = chatSide(actor);
      let filter: { enquiryId?: string; supplierId?: string } = {};
      if (query.offerId) {
        const { offer } = await readableOffer(db, actor, query.offerId);
        filter = { enquiryId: offer.enquiryId, supplierId: offer.supplierId };
      } else if (query.enquiryId) {
        await readableEnquiry(db, actor, query.enquiryId);
        filter = { enquiryId: query.enquiryId };
      }
      const rows = await findConversationSummaries(db, { companyId: actor.companyId, side, ...filter });
      return { conversations: rows.map((row) => toConversationSummary(row, actor.companyId)) };
    },

    /**
     * SPEC §4: a supplier opens the chat on an enquiry addressed to it, or on its offer (a draft too: it is the
     * same conversation with the enquiry's customer, now also the offer's chat; the customer sees the offer
     * once it is released).
     */
    async create(
      actor: RequestActor,
      body: CreateConversationBody,
    ): Promise<{ created: boolean; conversation: ConversationSummary }> {
      const side = chatSide(actor);
      if (!canStartConversation(actor)) {
        throw new AppError(side === 'CUSTOMER' ? 'CHAT_CUSTOMER_START' : 'FORBIDDEN');
      }
      const result = await db.transaction(async (tx) => {
        if (body.offerId) {
          const { offer } = await readableOffer(tx, actor, body.offerId);
          const found = await ensureConversation(tx, {
            enquiryId: offer.enquiryId,
            supplierId: offer.supplierId,
            customerId: offer.customerId,
            createdBy: actor.userId,
            offerLineageId: offer.lineageId,
          });
          if (found.row.offerLineageId !== offer.lineageId)
            await linkOffer(tx, found.row.id, offer.lineageId);
          return found;
        }
        const { enquiry } = await readableEnquiry(tx, actor, body.enquiryId ?? '');
        return ensureConversation(tx, {
          enquiryId: enquiry.id,
          supplierId: actor.companyId,
          customerId: enquiry.customerId,
          createdBy: actor.userId,
        });
      });
      if (result.created) {
        await db.transaction((tx) =>
          recordLiveEvent(tx, bothSides(result.row), 'conversation', { conversationId: result.row.id }),
        );
      }
      return { created: result.created, conversation: await summary(actor, result.row.id) };
    },

    async messages(
      actor: RequestActor,
      query: { conversationId: string; before?: string },
    ): Promise<ConversationMessages> {
      const conversation = await partyConversation(db, actor, query.conversationId);
      const before = query.before ? new Date(query.before) : undefined;
      const rows = await findMessages(db, conversation.id, before, CHAT_PAGE_SIZE + 1);
      const current = await summary(actor, conversation.id);
      return {
        conversation: current,
        messages: rows
          .slice(0, CHAT_PAGE_SIZE)
          .reverse()
          .map((row) => toChatMessage(row, actor.companyId)),
        hasMore: rows.length > CHAT_PAGE_SIZE,
        copyTarget: await copyTargetOf(actor, conversation, current),
      };
    },

    /** Where the asker may copy this conversation's attachments now (SPEC §6), and the offer or enquiry. */
    async copyTarget(actor: RequestActor, conversationId: string) {
      const conversation = await partyConversation(db, actor, conversationId);
      const current = await summary(actor, conversation.id);
      return { target: await copyTargetOf(actor, conversation, current), conversation: current };
    },

    async unread(actor: RequestActor): Promise<UnreadCounts> {
      const counts = await countUnreadMessages(db, { companyId: actor.companyId, side: chatSide(actor) });
      return { total: counts.reduce((sum, row) => sum + row.unread, 0), conversations: counts };
    },

    /** POST /message/read: one message of the other side. */
    async markOneRead(actor: RequestActor, messageId: string): Promise<{ marked: number }> {
      const { message } = await partyMessage(db, actor, messageId);
      return this.markRead(actor, { conversationId: message.conversationId, messageId: message.id });
    },

    /** SPEC §4: reading marks the OTHER side's messages read; the own ones stay as they are. */
    async markRead(
      actor: RequestActor,
      target: { conversationId: string; messageId?: string },
    ): Promise<{ marked: number }> {
      return db.transaction(async (tx) => {
        const conversation = await partyConversation(tx, actor, target.conversationId);
        const marked = await markMessagesRead(tx, actor, { ...target, conversationId: conversation.id });
        if (marked > 0) {
          await recordLiveEvent(tx, bothSides(conversation), 'read', { conversationId: conversation.id });
        }
        if (!target.messageId && (await markChatNotificationsRead(tx, actor.userId, conversation.id)) > 0) {
          await recordLiveEvent(tx, { userIds: [actor.userId] }, 'notification', {});
        }
        return { marked };
      });
    },
  };
}

export type ConversationService = ReturnType<typeof createConversationService>;
