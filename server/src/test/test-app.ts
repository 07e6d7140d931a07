import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { type Auth, createAuth } from '../auth/better-auth';
import type { Database } from '../db/client';
import { TEST_PASSWORD } from './factories';
import { createTestDatabase } from './test-db';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  auth: Auth;
  close(): Promise<void>;
}

/** buildApp on a fresh database, as every route test file starts. */
export async function createTestApp(options: { bodyLimit?: number } = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const auth = createAuth({
    db: database.db,
    secret: 'test-secret-test-secret-test-secret!',
    baseUrl: TEST_ORIGIN,
  });
  const app = await buildApp({ database, auth, publicUrl: TEST_ORIGIN, bodyLimit: options.bodyLimit });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    auth,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface Session {
  cookie: string;
  token: string;
  userId: string;
}

/** Signs in through the real route and returns the cookie (as a browser would send it) and bearer token. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const setCookie = response.headers['set-cookie'];
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((c) => c.split(';')[0])
    .join('; ');
  const body = response.json() as { token: string; user: { id: string } };
  return { cookie: cookies, token: body.token, userId: body.user.id };
}

/** app.inject as the browser of `session` (cookie + same-origin header) or signed out. */
export function as(
  app: FastifyInstance,
  session: Session | null,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const headers = {
    origin: TEST_ORIGIN,
    ...(session ? { cookie: session.cookie } : {}),
    ...(options.headers ?? {}),
  };
  return app.inject({ ...options, headers });
}
