import { PORTAL_REQUEST_HEADERS } from '@portal/domain/rules/portal-request';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { SESSION_COOKIE_PREFIX } from './better-auth';
import { FOLDER_COOKIE_PREFIX } from './folder-cookie';

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
 * The session comes from a cookie (a browser sends it along by itself), not from a bearer token: the portal
 * session or a project folder's anonymous token (SPEC §6 anonymous access).
 */
function ridesOnCookie(request: FastifyRequest): boolean {
  if (/^Bearer\s/i.test(request.headers.authorization ?? '')) return false;
  const cookie = request.headers.cookie ?? '';
  return cookie.includes(`${SESSION_COOKIE_PREFIX}.session_token=`) || cookie.includes(FOLDER_COOKIE_PREFIX);
}

/**
 * A positive signal that the portal's own page sent the request (ASVS 3.5.3). Where the browser says
 * where a request comes from (`Sec-Fetch-Site`), only `same-origin` counts; plain-HTTP intranet hosts get
 * no `Sec-Fetch-*` headers, there the web app's own request header is the proof.
 */
function provesSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  return request.headers['x-portal-request'] === PORTAL_REQUEST_HEADERS['x-portal-request'];
}

/**
 * ARCHITECTURE §3: requests that change data and ride on the cookie session must come from the portal's
 * own origin. Decided for every request by its method and the matched route's config, never by the URL:
 * - POST/PUT/DELETE/PATCH: a foreign Origin (or Referer) is refused always; a cookie request without
 *   Origin/Referer is refused too.
 * - a GET route declared `changesData`: a cookie request needs `Sec-Fetch-Site: same-origin` or the
 *   portal's own request header (plain-HTTP intranet hosts get no Sec-Fetch-* headers from browsers).
 * API clients with a bearer token are not browsers and pass.
 */
export const originCheck = fp(
  async (app: FastifyInstance, options: { publicUrl: string | undefined }) => {
    const configured = originOf(options.publicUrl);
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) {
        if (
          request.routeOptions.config?.changesData &&
          ridesOnCookie(request) &&
          !provesSameOrigin(request)
        ) {
          throw new AppError('ORIGIN_REJECTED');
        }
        return;
      }
      const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
      if (origin) {
        if (origin !== ownOrigin(request) && origin !== configured) throw new AppError('ORIGIN_REJECTED');
        return;
      }
      if (ridesOnCookie(request)) throw new AppError('ORIGIN_REJECTED');
    });
  },
  { name: 'origin-check' },
);
