import { createHash, timingSafeEqual } from 'node:crypto';
import { ERRORS } from '@portal/domain/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from './metrics';

/** Requests that matched no route share one label: unknown paths must not grow the series without bound. */
const UNMATCHED = 'unmatched';

/**
 * Whether the request comes from this machine. The socket's address, never `request.ip`: behind a proxy
 * (TRUST_PROXY) `request.ip` is what X-Forwarded-For claims, which any client can set to 127.0.0.1, while
 * the socket's address is the proxy's, so requests through the proxy count as remote and need the token.
 */
function fromLoopback(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  return /^(::ffff:)?127\.\d+\.\d+\.\d+$/i.test(address) || address === '::1';
}

/** `Authorization: Bearer <token>`, compared in constant time (hashes of equal length). */
function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * GET /metrics for the operator's Prometheus, and the duration of every answered request. Served to this
 * machine or with `METRICS_TOKEN` as bearer token; anyone else gets the 404 of an unknown path, so the
 * endpoint is not advertised.
 */
export const metricsRoutes = fp(
  async (app: FastifyInstance, options: { metrics: Metrics; token: string | undefined }) => {
    const { metrics, token } = options;
    // Hijacked replies (the live event stream, open for hours) never reach onResponse: not timed.
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? UNMATCHED,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });

    app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (!fromLoopback(request) && !hasToken(request, token)) {
        return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: ERRORS.ROUTE_NOT_FOUND.message });
      }
      reply.header('cache-control', 'no-store');
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
  { name: 'metrics' },
);
