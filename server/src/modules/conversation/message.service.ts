import type { FileType } from '@portal/domain/enums';
import { isFileTypeAllowed } from '@portal/domain/rules/file-type';
import type { ChatMessage, CopiedFile } from '@portal/domain/schemas/conversation';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { recordLiveEvent } from '../../events/live-events';
import { createStoredFiles, type StoredUpload } from '../../files/file-set';
import type { FileStorage } from '../../files/storage';
import { createEnquiryFileService } from '../enquiry';
import { notifyCompanies } from '../notification';
import { createOfferFileService } from '../offer';
import { toChatMessage } from './conversation.mapper';
import { partyConversation, partyMessage } from './conversation.policy';
import {
  type ConversationRow,
  findEnquiryTitle,
  findLatestOfferOfLineage,
  findSenderNames,
  insertMessage,
} from './conversation.repository';
import { bothSides, createConversationService } from './conversation.service';

export type StoredAttachment = StoredUpload;

async function senderOf(db: DbOrTx, actor: RequestActor) {
  const row = await findSenderNames(db, actor.userId);
  return {
    fullName: `${row?.name ?? ''} ${row?.lastname ?? ''}`.trim(),
    companyName: row?.companyName ?? '',
  };
}

/** Where a notification about the chat leads the other side: its view of the offer, else the enquiry. */
async function linkFor(db: DbOrTx, conversation: ConversationRow, receiver: 'CUSTOMER' | 'SUPPLIER') {
  if (conversation.offerLineageId) {
    const offer = await findLatestOfferOfLineage(db, conversation.offerLineageId, receiver === 'CUSTOMER');
    if (offer) return `/offer/${offer.id}?chat=${conversation.id}`;
  }
  return `/enquiry/${conversation.enquiryId}?chat=${conversation.id}`;
}

/**
 * Sending (one attachment, SPEC §5 upload rules), attachments, and copying an
 * attachment into the workflow (SPEC §6). A message, its notifications and its live events commit together.
 */
export function createMessageService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;
  const conversations = createConversationService({ db });
  const offerFiles = createOfferFileService(deps);
  const enquiryFiles = createEnquiryFileService(deps);

  // SPEC §5: an attachment passes the upload checks of every business file, under a generated key.
  const attachments = createStoredFiles(
    storage,
    (conversationId, id) => `conversation/${conversationId}/${id}`,
  );

  return {
    /** Before any byte of the attachment is read: the actor takes part in the conversation (404). */
    async checkSend(actor: RequestActor, conversationId: string): Promise<void> {
      await partyConversation(db, actor, conversationId);
    },

    storeAttachment: attachments.store,

    discard: attachments.discard,

    async send(
      actor: RequestActor,
      input: { conversationId: string; content: string },
      attachment: StoredAttachment | null,
    ): Promise<ChatMessage> {
      try {
        if (!input.content && !attachment) throw new AppError('CHAT_EMPTY_MESSAGE');
        return await db.transaction(async (tx) => {
          const conversation = await partyConversation(tx, actor, input.conversationId);
          const sender = await senderOf(tx, actor);
          const row = await insertMessage(tx, {
            conversationId: conversation.id,
            senderId: actor.userId,
            companyId: actor.companyId,
            senderName: sender.fullName,
            companyName: sender.companyName,
            content: input.content,
            attachmentKey: attachment?.storageKey ?? null,
            attachmentName: attachment?.filename ?? null,
            attachmentSize: attachment?.size ?? null,
          });
          const receiver = actor.companyType === 'CUSTOMER' ? 'SUPPLIER' : 'CUSTOMER';
          const enquiryTitle = await findEnquiryTitle(tx, conversation.enquiryId);
          await notifyCompanies(tx, {
            companyIds: [receiver === 'CUSTOMER' ? conversation.customerId : conversation.supplierId],
            entity: 'MESSAGE',
            action: 'create',
            text: `Neue Nachricht von ${sender.fullName} (${sender.companyName}) zu „${enquiryTitle ?? ''}“`,
            link: await linkFor(tx, conversation, receiver),
            collapseUnread: true,
          });
          await recordLiveEvent(tx, bothSides(conversation), 'message', {
            conversationId: conversation.id,
            messageId: row.id,
          });
          return toChatMessage(row, actor.companyId);
        });
      } catch (error) {
        await this.discard(attachment);
        throw error;
      }
    },

    async attachment(actor: RequestActor, messageId: string) {
      const { message } = await partyMessage(db, actor, messageId);
      if (!message.attachmentKey || !message.attachmentName) throw new AppError('CHAT_NO_FILE');
      return { filename: message.attachmentName, stream: await attachments.open(message.attachmentKey) };
    },

    /**
     * SPEC §6: suppliers copy from offer chats into the newest version of their offer, customers from chats
     * without an offer into their enquiry draft; the file goes through the same checks as an upload there.
     */
    async copyFile(actor: RequestActor, messageId: string, fileType: FileType): Promise<CopiedFile> {
      const { message } = await partyMessage(db, actor, messageId);
      if (!message.attachmentKey || !message.attachmentName) throw new AppError('CHAT_NO_FILE');
      const view = await conversations.copyTarget(actor, message.conversationId);
      const target = view.target;
      if (!target) throw new AppError('CHAT_COPY_NOT_ALLOWED');
      if (!isFileTypeAllowed(message.attachmentName, fileType)) throw new AppError('CHAT_COPY_TYPE');
      const source = await attachments.open(message.attachmentKey);
      if (target === 'OFFER') {
        const offerId = view.conversation.offerId!;
        await offerFiles.checkUpload(actor, offerId);
        const stored = await offerFiles.store(offerId, message.attachmentName, source);
        const file = await offerFiles.attach(actor, offerId, stored, fileType);
        return { target, targetId: offerId, fileId: file.id, filename: file.filename };
      }
      const enquiryId = view.conversation.enquiryId;
      await enquiryFiles.checkUpload(actor, enquiryId);
      const stored = await enquiryFiles.store(enquiryId, message.attachmentName, source);
      const file = await enquiryFiles.attach(actor, enquiryId, stored, fileType);
      return { target, targetId: enquiryId, fileId: file.id, filename: file.filename };
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
