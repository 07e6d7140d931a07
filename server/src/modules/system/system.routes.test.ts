import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ bodyLimit: 1024 });
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('answers ok after asking the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /meta.json', () => {
  it('answers the build date and forbids caching', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/meta.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-cache');
    expect(Number.isNaN(Date.parse(response.json().buildDate))).toBe(false);
  });
});

describe('errors are JSON', () => {
  it('unknown /api path -> 404 with code and German message', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/gibt-es-nicht' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'ROUTE_NOT_FOUND',
      message: 'Diese Schnittstelle gibt es nicht.',
    });
  });

  it('malformed JSON -> 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('MALFORMED_JSON');
  });

  it('a body that fails its schema -> 400 with the field named', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'a@b.de' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.issues.map((issue: { path: string }) => issue.path)).toContain('body.password');
  });

  it('body over the limit -> 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'a@b.de', password: 'x'.repeat(5000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends the security headers (helmet)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('OpenAPI', () => {
  it('documents the routes from the zod schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(
      spec.paths['/api/auth/sign-in'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'password']);
    expect(spec.paths['/api/user/update/counter']).toBeDefined();
  });
});
