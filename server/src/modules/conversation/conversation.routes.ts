import { errorResponse } from '@portal/domain/schemas/common';
import {
  chatMessage,
  conversationList,
  conversationListQuery,
  conversationMessages,
  conversationMessagesQuery,
  conversationSummary,
  copiedFile,
  copyFileQuery,
  createConversationBody,
  markAllReadBody,
  markedRead,
  markReadBody,
  messageFileQuery,
  sendMessageFields,
  unreadCounts,
} from '@portal/domain/schemas/conversation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/request-auth';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { parseFields, readMultipart, registerUploads } from '../../files/multipart';
import { sendAttachment } from '../../files/send-file';
import type { FileStorage } from '../../files/storage';
import { createConversationService } from './conversation.service';
import { createMessageService, type MessageService, type StoredAttachment } from './message.service';

const BASE = '/api/conversation';
const tags = ['conversation'];
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** POST /message/send multipart: conversationId (and content) first, then at most one file. */
async function receiveMessage(request: FastifyRequest, messages: MessageService) {
  const actor = requireActor(request);
  let stored: StoredAttachment | null = null;
  try {
    const { fields } = await readMultipart(request, async (incoming) => {
      try {
        const conversationId = incoming.fields.conversationId;
        if (!conversationId) {
          throw new AppError('VALIDATION', 'Bitte senden Sie das Gespräch vor der Datei.');
        }
        await messages.checkSend(actor, conversationId);
      } catch (error) {
        incoming.stream.resume();
        throw error;
      }
      stored = await messages.storeAttachment(
        incoming.fields.conversationId!,
        incoming.filename,
        incoming.stream,
      );
    });
    const input = parseFields(sendMessageFields, fields);
    return await messages.send(actor, input, stored);
  } catch (error) {
    await messages.discard(stored);
    throw error;
  }
}

/** SPEC §7 chat calls (see domain/schemas/conversation.ts for the whole contract). */
export const conversationRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (
  app,
  { db, storage },
) => {
  const conversations = createConversationService({ db });
  const messages = createMessageService({ db, storage });
  await registerUploads(app);

  app.get(
    `${BASE}/`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Gespräche einer Anfrage, eines Angebots oder alle eigenen',
        querystring: conversationListQuery,
        response: { 200: conversationList, ...errors },
      },
    },
    async (request) => conversations.list(requireActor(request), request.query),
  );

  app.post(
    `${BASE}/`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Gespräch beginnen (Lieferanten) oder das vorhandene öffnen',
        body: createConversationBody,
        response: { 200: conversationSummary, 201: conversationSummary, ...errors },
      },
    },
    async (request, reply) => {
      const result = await conversations.create(requireActor(request), request.body);
      return reply.code(result.created ? 201 : 200).send(result.conversation);
    },
  );

  app.get(
    `${BASE}/message`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Nachrichten eines Gesprächs (die neuesten 100; before blättert zurück)',
        querystring: conversationMessagesQuery,
        response: { 200: conversationMessages, ...errors },
      },
    },
    async (request) => conversations.messages(requireActor(request), request.query),
  );

  app.get(
    `${BASE}/message/unread`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Ungelesene Nachrichten je Gespräch',
        response: { 200: unreadCounts, ...errors },
      },
    },
    async (request) => conversations.unread(requireActor(request)),
  );

  app.post(
    `${BASE}/message/read`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Eine Nachricht der anderen Seite als gelesen markieren',
        body: markReadBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await conversations.markOneRead(requireActor(request), request.body.messageId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${BASE}/message/read/all`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Alle Nachrichten der anderen Seite als gelesen markieren',
        body: markAllReadBody,
        response: { 200: markedRead, ...errors },
      },
    },
    async (request) => conversations.markRead(requireActor(request), request.body),
  );

  app.get(
    `${BASE}/message/read/all`,
    {
      config: { auth: 'signedIn', changesData: true },
      schema: {
        tags,
        summary: 'Alle Nachrichten der anderen Seite als gelesen markieren (GET-Form der Spezifikation)',
        querystring: markAllReadBody,
        response: { 200: markedRead, ...errors },
      },
    },
    async (request) => conversations.markRead(requireActor(request), request.query),
  );

  app.post(
    `${BASE}/message/send`,
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Nachricht senden (multipart: conversationId, content, höchstens eine Datei)',
        consumes: ['multipart/form-data'],
        response: { 201: chatMessage, ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await receiveMessage(request, messages)),
  );

  app.get(
    `${BASE}/message/file`,
    {
      config: { auth: 'signedIn' },
      schema: { tags, summary: 'Anhang einer Nachricht herunterladen', querystring: messageFileQuery },
    },
    async (request, reply) => {
      const file = await messages.attachment(requireActor(request), request.query.messageId);
      return sendAttachment(reply, file.filename, 'application/octet-stream', file.stream);
    },
  );

  app.get(
    `${BASE}/message/copyfile`,
    {
      config: { auth: 'signedIn', changesData: true },
      schema: {
        tags,
        summary: 'Anhang in die Dateien des Angebots (Lieferant) oder der Anfrage (Kunde) übernehmen',
        querystring: copyFileQuery,
        response: { 201: copiedFile, ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request, reply) => {
      const { messageId, fileType } = request.query;
      return reply.code(201).send(await messages.copyFile(requireActor(request), messageId, fileType));
    },
  );
};
