import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/**
 * SPEC §7 keeps some changes as GET calls (`/manufacturer/delete`, `/…/combine`, `/manufacturer/delete/article`).
 * The session cookie (SameSite=Lax) rides along on a top-level navigation from another site, and the app-wide
 * origin check only looks at unsafe methods; so these GET routes refuse what the browser marks as coming
 * from another site (Sec-Fetch-Site cannot be set by web pages).
 */
export async function rejectCrossSiteGet(request: FastifyRequest): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw new AppError('ORIGIN_REJECTED');
}
