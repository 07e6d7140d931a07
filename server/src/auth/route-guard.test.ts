import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from '../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../test/test-app';
import { type DeclaredRoute, routeDeclarations } from './route-guard';

/**
 * ASVS 8.3.1 / 3.5.3: the guards decide by the matched route. This walks EVERY
 * registered route, so a route added later is covered without anyone remembering: each is called through
 * other spellings of its path (the router decodes `%61` to `a`), without a session, and with a foreign
 * Origin on the cookie session.
 */

const FOREIGN = 'https://angreifer.example';

/** The same path as the router sees it, spelled differently on the wire. */
function spellings(url: string): string[] {
  const concrete = url.replaceAll(/:[^/]+/g, randomUUID()).replace(/\*$/, 'x');
  const encodedPrefix = concrete.replace(/^\/api\//, '/%61pi/');
  const encodedSegment = concrete.replace(/^\/api\/(.)/, (_all, first: string) => {
    return `/api/%${first.charCodeAt(0).toString(16).toUpperCase()}`;
  });
  return [...new Set([concrete, encodedPrefix, encodedSegment])];
}

const apiRoutes = (routes: DeclaredRoute[]) =>
  routes.filter(
    (route) => route.url.startsWith('/api/') && route.url !== '/api/*' && route.method !== 'OPTIONS',
  );

const ctxHolder: { ctx?: TestContext; admin?: Session } = {};
const ctx = () => ctxHolder.ctx as TestContext;

beforeAll(async () => {
  ctxHolder.ctx = await createTestApp();
  const operator = await createActor(ctx().db, 'ADMIN', { admin: true });
  ctxHolder.admin = await signIn(ctx().app, operator.user.email);
});
afterAll(async () => ctxHolder.ctx?.close());

describe('route declarations', () => {
  it('refuses to start when a route declares no guard', async () => {
    const app = Fastify();
    await app.register(routeDeclarations);
    app.get('/api/vergessen', async () => ({ ok: true }));
    app.get('/api/erklaert', { config: { auth: 'public' } }, async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/vergessen/);
    await app.close();
  });

  it('every route of the portal declares its guard (the app started), and there are many', () => {
    const routes = ctx().app.declaredRoutes();
    expect(apiRoutes(routes).length).toBeGreaterThan(60);
    expect(routes.filter((route) => route.auth === undefined)).toEqual([]);
  });

  it('the GET routes that change data are exactly those declared so', () => {
    const changing = ctx()
      .app.declaredRoutes()
      .filter((route) => route.method === 'GET' && route.changesData)
      .map((route) => route.url)
      .sort();
    expect(changing).toEqual(
      [
        '/api/admin/bom/delete',
        '/api/article/import/abort',
        '/api/conversation/message/copyfile',
        '/api/conversation/message/read/all',
        '/api/discountgroup/combine',
        '/api/discountgroup/delete',
        '/api/eclass/delete/many',
        '/api/enquiry/reopen',
        '/api/manufacturer/combine',
        '/api/manufacturer/delete',
        '/api/manufacturer/delete/article',
        '/api/offer/statechange',
        '/api/unit/combine',
        '/api/unit/delete',
        '/api/user/password/reset',
        '/api/wholesaler/delete',
      ].sort(),
    );
  });
});

describe('every guarded route, in every spelling, without a session', () => {
  it('answers 401 and runs nothing', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes(ctx().app.declaredRoutes())) {
      if (route.auth === 'public' || route.auth === 'optional' || route.auth === 'viewer') continue;
      for (const url of spellings(route.url)) {
        const response = await as(ctx().app, null, { method: route.method as 'GET', url });
        if (response.statusCode !== 401) failures.push(`${route.method} ${url} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("an 'optional' route (the project folder: session or folder token) hands out nothing without either", async () => {
    const optional = apiRoutes(ctx().app.declaredRoutes()).filter((route) => route.auth === 'optional');
    expect(optional.length).toBeGreaterThan(3);
    const failures: string[] = [];
    for (const route of optional) {
      for (const url of spellings(route.url)) {
        const response = await as(ctx().app, null, { method: route.method as 'GET', url });
        if (response.statusCode < 400) failures.push(`${route.method} ${url} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("a 'viewer' route (who is signed in) answers null, in every spelling", async () => {
    const viewer = apiRoutes(ctx().app.declaredRoutes()).filter((route) => route.auth === 'viewer');
    expect(viewer.map((route) => `${route.method} ${route.url}`)).toEqual([
      'GET /api/auth/session',
      'HEAD /api/auth/session',
    ]);
    for (const url of spellings('/api/auth/session')) {
      const response = await as(ctx().app, null, { method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toBeNull();
    }
  });

  it('the legal PDF is not handed out through an encoded prefix', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/%61pi/legal/avv' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/json');
  });
});

describe('every state-changing route, in every spelling, from a foreign origin', () => {
  it('refuses a cookie session with a foreign Origin or without any Origin', async () => {
    const failures: string[] = [];
    const admin = ctxHolder.admin as Session;
    const unsafe = apiRoutes(ctx().app.declaredRoutes()).filter((r) => !['GET', 'HEAD'].includes(r.method));
    expect(unsafe.length).toBeGreaterThan(25);
    for (const route of unsafe) {
      for (const url of spellings(route.url)) {
        for (const origin of [{ origin: FOREIGN }, { referer: `${FOREIGN}/seite` }, {}]) {
          const response = await ctx().app.inject({
            method: route.method as 'POST',
            url,
            headers: { cookie: admin.cookie, ...origin },
          });
          if (response.statusCode !== 403 || response.json().code !== 'ORIGIN_REJECTED') {
            failures.push(`${route.method} ${url} ${JSON.stringify(origin)} → ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('a sign-out from a foreign origin through an encoded prefix leaves the session alive', async () => {
    const operator = await createActor(ctx().db, 'ADMIN', { admin: true });
    const session = await signIn(ctx().app, operator.user.email);
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/%61pi/auth/sign-out',
      headers: { cookie: session.cookie, origin: FOREIGN },
    });
    expect(response.statusCode).toBe(403);
    const still = await as(ctx().app, session, { method: 'GET', url: '/api/auth/session' });
    expect(still.statusCode).toBe(200);
  });
});

describe('GET routes that change data', () => {
  const changing = () =>
    ctx()
      .app.declaredRoutes()
      .filter((route) => route.method === 'GET' && route.changesData);

  it('refuse a cookie session without a positive same-origin proof, in every spelling', async () => {
    const failures: string[] = [];
    const admin = ctxHolder.admin as Session;
    for (const route of changing()) {
      for (const url of spellings(route.url)) {
        for (const signal of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}]) {
          const response = await ctx().app.inject({
            method: 'GET',
            url,
            headers: { cookie: admin.cookie, ...signal },
          });
          if (response.statusCode !== 403 || response.json().code !== 'ORIGIN_REJECTED') {
            failures.push(`GET ${url} ${JSON.stringify(signal)} → ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('pass the origin guard for the portal itself and for bearer clients', async () => {
    const admin = ctxHolder.admin as Session;
    for (const route of changing()) {
      const proofs = [
        { cookie: admin.cookie, 'sec-fetch-site': 'same-origin' },
        { cookie: admin.cookie, 'x-portal-request': '1' },
        { authorization: `Bearer ${admin.token}` },
      ];
      for (const headers of proofs) {
        const response = await ctx().app.inject({ method: 'GET', url: route.url, headers });
        expect(response.json().code, `${route.url} ${JSON.stringify(headers)}`).not.toBe('ORIGIN_REJECTED');
      }
    }
  });
});

describe('API answers are not cached (ASVS 14.3.2)', () => {
  it('sends no-store on personal data, in every spelling, and on unknown API paths', async () => {
    const admin = ctxHolder.admin as Session;
    for (const url of ['/api/auth/session', '/%61pi/user/all', '/api/gibt-es-nicht']) {
      const response = await as(ctx().app, admin, { method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const unknown = await as(ctx().app, admin, { method: 'GET', url: '/%61pi/gibt-es-nicht' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('leaves the caching of meta.json as its route sets it', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/meta.json' });
    expect(response.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
  });
});
