import { isActorGated } from '@portal/domain/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { createActorResolver, type RequestActor } from './actor';

export type { RouteAuth } from './route-guard';
export { toWebHeaders } from './web-headers';

import type { Auth } from './better-auth';

declare module 'fastify' {
  interface FastifyRequest {
    actor: RequestActor | null;
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
  async (app: FastifyInstance, options: { auth: Auth; db: Db; secret: string }) => {
    const actors = createActorResolver(options.auth, options.db, options.secret);
    app.decorateRequest('actor', null);
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
