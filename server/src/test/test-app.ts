import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PORTAL_REQUEST_HEADERS } from '@portal/domain/rules/portal-request';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ALL_JOBS } from '../all-jobs';
import { buildApp } from '../app';
import { type Auth, createAuth } from '../auth/better-auth';
import type { Database } from '../db/client';
import { createLiveHub, type LiveHubOptions } from '../events/live-hub';
import { createLocalStorage } from '../files/local-storage';
import type { FileStorage } from '../files/storage';
import { multipartForm } from '../files/testing/multipart-form';
import { createJobQueue, type JobQueue } from '../jobs/queue';
import { createMailer } from '../mail/mailer';
import { TEST_PASSWORD } from './factories';
import { createTestDatabase } from './test-db';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestContext {
  app: FastifyInstance;
  /** `url`: the PostgreSQL test database (absent on PGlite). */
  database: Database & { url?: string };
  db: Database['db'];
  auth: Auth;
  /** The job queue; no workers run in tests: `drainJobs()` runs the due jobs deterministically. */
  queue: JobQueue;
  /** The file storage: a temporary folder on the local disk, removed on close. */
  files: FileStorage;
  filesDir: string;
  drainJobs(options?: { includeDelayed?: boolean }): Promise<number>;
  /** Where mails land as `.eml` files when no `smtpUrl` was given. */
  mailDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  bodyLimit?: number;
  /** Send mails to this SMTP server (e.g. a loopback `smtp-server`) instead of `.eml` files. */
  smtpUrl?: string;
  bookingUrl?: string;
  docsUrl?: string;
  /** Timers of the live event hub (events/live-hub.ts), e.g. a short session check. */
  liveHub?: Partial<Omit<LiveHubOptions, 'database'>>;
  /** A second server process on the same database: this app uses it and leaves it open on close. */
  sharedDatabase?: Database;
  /** The portal's public address (PUBLIC_URL); TEST_ORIGIN unless a test needs another, e.g. https. */
  publicUrl?: string;
  /** METRICS_TOKEN and TRUST_PROXY (the metrics' access from elsewhere than this machine). */
  metricsToken?: string;
  trustProxy?: boolean;
  /** A built web app (index.html, assets/ …) to serve, as web/dist in production. */
  webDir?: string;
  /**
   * The session cache's lifetime. Off (0) by default: route tests write rows directly and ask right after,
   * before the NOTIFY of another connection could arrive; the cache has its own tests.
   */
  actorCacheTtlMs?: number;
  /** The list totals' cache: off (0) by default for the same reason. */
  countCacheTtlMs?: number;
}

/** buildApp on a fresh database, as every route test file starts. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const database = options.sharedDatabase ?? (await createTestDatabase());
  const mailDir = path.join(os.tmpdir(), `portal-test-mail-${randomBytes(6).toString('hex')}`);
  const mailer = createMailer({
    smtpUrl: options.smtpUrl,
    mailDir,
    from: 'Portal <portal@test.local>',
    log: () => {},
  });
  const filesDir = path.join(os.tmpdir(), `portal-test-files-${randomBytes(6).toString('hex')}`);
  const files = createLocalStorage(filesDir);
  const queue = createJobQueue({
    database,
    jobs: ALL_JOBS,
    deps: {
      mailer,
      log: { info: () => {}, error: () => {} },
      db: database.db,
      database,
      files,
      baseUrl: TEST_ORIGIN,
    },
  });
  await queue.start();
  const auth = createAuth({
    db: database.db,
    secret: 'test-secret-test-secret-test-secret!',
    baseUrl: TEST_ORIGIN,
  });
  const app = await buildApp({
    database,
    auth,
    publicUrl: options.publicUrl ?? TEST_ORIGIN,
    bodyLimit: options.bodyLimit,
    queue,
    files,
    baseUrl: TEST_ORIGIN,
    bookingUrl: options.bookingUrl,
    docsUrl: options.docsUrl,
    liveHub: createLiveHub({ database, ...options.liveHub }),
    metricsToken: options.metricsToken,
    trustProxy: options.trustProxy,
    webDir: options.webDir,
    actorCacheTtlMs: options.actorCacheTtlMs ?? 0,
    countCacheTtlMs: options.countCacheTtlMs ?? 0,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    auth,
    queue,
    files,
    filesDir,
    drainJobs: (drainOptions) => queue.drain(drainOptions),
    mailDir,
    async close() {
      await app.close();
      await queue.stop();
      mailer.close();
      if (!options.sharedDatabase) await database.close();
      rmSync(mailDir, { recursive: true, force: true });
      rmSync(filesDir, { recursive: true, force: true });
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

/** app.inject as the web app in the browser of `session` (cookie, Origin, the portal's request header) or signed out. */
export function as(
  app: FastifyInstance,
  session: Session | null,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const headers = {
    origin: TEST_ORIGIN,
    ...PORTAL_REQUEST_HEADERS,
    ...(session ? { cookie: session.cookie } : {}),
    ...(options.headers ?? {}),
  };
  return app.inject({ ...options, headers });
}

/** A file of a file set (enquiry, offer) uploaded as the web app sends it: the optional type, then the file. */
export function uploadFile(
  app: FastifyInstance,
  session: Session | null,
  url: string,
  file: { filename: string; content: Buffer; fileType?: string },
): Promise<LightMyRequestResponse> {
  return as(app, session, {
    method: 'POST',
    url,
    ...multipartForm([
      ...(file.fileType ? [{ name: 'fileType', value: file.fileType }] : []),
      { name: 'file', filename: file.filename, content: file.content },
    ]),
  });
}
