import { isActorGated } from '@portal/domain/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { createActorResolver, type RequestActor } from './actor';
import { type ActorCache, createActorCache, listenActorCache } from './actor-cache';

export type { RouteAuth } from './route-guard';
export { toWebHeaders } from './web-headers';

import type { Auth } from './better-auth';

declare module 'fastify' {
  interface FastifyRequest {
    actor: RequestActor | null;
  }
  interface FastifyInstance {
    /** The sessions this process read lately (absent when turned off); see auth/actor-cache.ts. */
    actorCache: ActorCache | null;
  }
}

/** The actor of a route that is guarded (`signedIn` or `gated`); throws for unguarded use. */
export function requireActor(request: FastifyRequest): RequestActor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

/**
 * Resolves the session of every request to a guarded route BEFORE its body is read or validated
 * (ASVS 8.3.1): the matched route's declared `auth` decides, whatever spelling of the path was sent.
 * Unmatched paths (404) have nothing to guard.
 */
export const requestAuth = fp(
  async (
    app: FastifyInstance,
    options: { auth: Auth; database: Database; secret: string; actorCacheTtlMs?: number },
  ) => {
    const ttlMs = options.actorCacheTtlMs ?? 5000;
    const cache = ttlMs > 0 ? createActorCache({ ttlMs }) : null;
    const actors = createActorResolver(options.auth, options.database.db, options.secret, cache ?? undefined);
    app.decorate('actorCache', cache);
    app.decorateRequest('actor', null);
    if (cache) {
      const stop = await listenActorCache(options.database, cache);
      app.addHook('onClose', async () => {
        await stop();
      });
      // A change made in this process (sign-out, password, an admin's edit) is committed before its
      // answer leaves; the next read here must not wait for the NOTIFY to come round.
      app.addHook('onSend', async (request, _reply, payload) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') cache.clear();
        return payload;
      });
    }
    app.addHook('onRequest', async (request, reply) => {
      if (request.is404) return;
      const mode = request.routeOptions.config?.auth;
      if (mode === 'public') return;
      const actor = await actors.resolve(request, reply);
      if (mode === 'optional') {
        request.actor = actor && !isActorGated(actor) ? actor : null;
        return;
      }
      if (mode === 'viewer') {
        request.actor = actor;
        return;
      }
      if (!actor) throw new AppError('UNAUTHENTICATED');
      if (mode !== 'gated' && isActorGated(actor)) {
        // SPEC §2: only the profile is reachable; the web app explains the code.
        throw new AppError(actor.pendingRegistration ? 'REGISTRATION_PENDING' : 'PASSWORD_CHANGE_NEEDED');
      }
      request.actor = actor;
    });
  },
  { name: 'request-auth' },
);
