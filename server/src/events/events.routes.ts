import { lastEventIdQuery } from '@portal/domain/schemas/notification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../auth/request-auth';
import type { Db } from '../db/client';
import { eventsSince, latestEventId } from './live-events';
import { type LiveHub, type LiveStream, sseFrame } from './live-hub';

/** A stream is renewed at least daily: the reconnect checks the session again. */
const STREAM_LIFETIME_MS = 24 * 60 * 60 * 1000;

function parseEventId(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

/**
 * GET /api/events, Server-Sent Events of the signed-in user. A reconnect names the last
 * event it got (`Last-Event-ID` header, or `lastEventId` in the query for clients that open a new EventSource)
 * and first receives what it missed; a fresh stream starts with a `ready` event carrying the newest id.
 */
export const eventsRoutes: FastifyPluginAsyncZod<{ db: Db; hub: LiveHub }> = async (app, { db, hub }) => {
  app.get(
    '/api/events',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags: ['events'],
        summary: 'Live-Ereignisse (Server-Sent Events)',
        querystring: lastEventIdQuery,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const resumeFrom =
        parseEventId(request.headers['last-event-id']) ?? parseEventId(request.query.lastEventId);
      const startId = resumeFrom === null ? await latestEventId(db) : null;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.write('retry: 3000\n\n');

      // Live frames that arrive while the missed ones are read wait here, then go out once each.
      let pending: { frame: string; id: number }[] | null = [];
      const stream: LiveStream = {
        userId: actor.userId,
        companyId: actor.companyId,
        sessionId: actor.sessionId,
        expiresAt: Date.now() + STREAM_LIFETIME_MS,
        send(frame, id) {
          if (pending) pending.push({ frame, id });
          else raw.write(frame);
        },
        close: () => raw.end(),
      };
      const remove = await hub.add(stream);
      raw.on('close', remove);

      const replayed = new Set<number>();
      if (resumeFrom !== null) {
        for (const event of await eventsSince(db, actor, resumeFrom)) {
          raw.write(sseFrame(event));
          replayed.add(event.id);
        }
      } else {
        raw.write(sseFrame({ id: startId ?? 0, k: 'ready', d: {} }));
      }
      const waiting = pending;
      pending = null;
      for (const { frame, id } of waiting) if (!replayed.has(id)) raw.write(frame);
    },
  );
};
