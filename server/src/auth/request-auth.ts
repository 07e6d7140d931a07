import { isActorGated } from '@portal/domain/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { createActorResolver, type RequestActor } from './actor';

export { toWebHeaders } from './web-headers';

import type { Auth } from './better-auth';

/**
 * How a route is guarded. Every `/api` route needs a signed-in, ungated actor unless it says otherwise:
 * - `public`: anyone (health, sign-in, password reset ...)
 * - `gated`: signed in, also while a registration is pending or the initial password must be changed
 */
export type RouteAuth = 'public' | 'gated' | 'signedIn';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    actor: RequestActor | null;
  }
}

/** The actor of a route that is guarded (`signedIn` or `gated`); throws for unguarded use. */
export function requireActor(request: FastifyRequest): RequestActor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

export const requestAuth = fp(
  async (app: FastifyInstance, options: { auth: Auth; db: Db; secret: string }) => {
    const actors = createActorResolver(options.auth, options.db, options.secret);
    app.decorateRequest('actor', null);
    app.addHook('preHandler', async (request, reply) => {
      if (request.is404 || !request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
      const mode = request.routeOptions.config?.auth ?? 'signedIn';
      if (mode === 'public') return;
      const actor = await actors.resolve(request, reply);
      if (!actor) throw new AppError('UNAUTHENTICATED');
      if (mode === 'signedIn' && isActorGated(actor)) {
        // SPEC §2: only the profile is reachable; the web app explains the code.
        throw new AppError(actor.pendingRegistration ? 'REGISTRATION_PENDING' : 'PASSWORD_CHANGE_NEEDED');
      }
      request.actor = actor;
    });
  },
  { name: 'request-auth' },
);
