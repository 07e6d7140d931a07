import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { startCountCache } from '../db/count-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The list totals of this process (absent when turned off); see db/count-cache.ts. */
    countCache: { nextInvalidation(): Promise<string> } | null;
  }
}

/**
 * Turns on the count cache for the app's database (ttlMs 0: off). A change request of this process
 * committed its writes before its answer leaves; its totals are dropped then, not when the NOTIFY
 * comes round, so the user's next list load counts again.
 */
export const countCacheHooks = fp(
  async (app: FastifyInstance, options: { database: Database; ttlMs: number }) => {
    if (options.ttlMs <= 0) {
      app.decorate('countCache', null);
      return;
    }
    const cache = await startCountCache(options.database, options.ttlMs);
    app.decorate('countCache', cache);
    app.addHook('onClose', async () => {
      await cache.stop();
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') cache.forgetAll();
      return payload;
    });
  },
  { name: 'count-cache' },
);
