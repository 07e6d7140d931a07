import type { FastifyInstance } from 'fastify';
import { multipartForm } from '../files/testing/multipart-form';
import { as, type Session } from './test-app';

/** The chat calls as the web app makes them (SPEC §7 chat), for route tests. */
export function chatApi(app: () => FastifyInstance) {
  const get = (session: Session | null, url: string) => as(app(), session, { method: 'GET', url });
  const post = (session: Session | null, url: string, payload: object) =>
    as(app(), session, { method: 'POST', url, payload });
  return {
    list: (session: Session | null, query = '') => get(session, `/api/conversation/${query}`),
    start: (session: Session | null, body: object) => post(session, '/api/conversation/', body),
    messages: (session: Session | null, conversationId: string, extra = '') =>
      get(session, `/api/conversation/message?conversationId=${conversationId}${extra}`),
    unread: (session: Session | null) => get(session, '/api/conversation/message/unread'),
    read: (session: Session | null, messageId: string) =>
      post(session, '/api/conversation/message/read', { messageId }),
    readAll: (session: Session | null, conversationId: string) =>
      post(session, '/api/conversation/message/read/all', { conversationId }),
    send: (
      session: Session | null,
      conversationId: string,
      content: string,
      file?: { filename: string; content: Buffer },
    ) =>
      as(app(), session, {
        method: 'POST',
        url: '/api/conversation/message/send',
        ...multipartForm([
          { name: 'conversationId', value: conversationId },
          { name: 'content', value: content },
          ...(file ? [{ name: 'file', ...file }] : []),
        ]),
      }),
    file: (session: Session | null, messageId: string) =>
      get(session, `/api/conversation/message/file?messageId=${messageId}`),
    copy: (session: Session | null, messageId: string, fileType: string) =>
      get(session, `/api/conversation/message/copyfile?messageId=${messageId}&fileType=${fileType}`),
  };
}
export type ChatApi = ReturnType<typeof chatApi>;
