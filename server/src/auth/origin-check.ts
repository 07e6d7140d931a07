import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { SESSION_COOKIE_PREFIX } from './better-auth';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? ''}`;
}

/**
 * ARCHITECTURE §3: state-changing requests that ride on the cookie session must come from the portal's
 * own origin. A foreign Origin is refused always; a cookie request without Origin/Referer is refused too.
 * API clients with a bearer token and no cookie are not browsers and pass.
 */
export const originCheck = fp(
  async (app: FastifyInstance, options: { publicUrl: string | undefined }) => {
    const configured = originOf(options.publicUrl);
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
      const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
      if (origin) {
        if (origin !== ownOrigin(request) && origin !== configured) throw new AppError('ORIGIN_REJECTED');
        return;
      }
      const hasSessionCookie = (request.headers.cookie ?? '').includes(
        `${SESSION_COOKIE_PREFIX}.session_token=`,
      );
      if (hasSessionCookie) throw new AppError('ORIGIN_REJECTED');
    });
  },
  { name: 'origin-check' },
);
