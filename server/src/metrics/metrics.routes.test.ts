import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { articleImportRuns } from '../db/schema';
import { addressOf, openEventStream } from '../events/testing/sse-client';
import { createLocalStorage } from '../files/local-storage';
import { createJobQueue, defineJob, type JobDeps } from '../jobs/queue';
import { sendMailJob } from '../jobs/send-mail.job';
import { createActor } from '../test/factories';
import { createTestApp, signIn, type TestContext } from '../test/test-app';
import { testDatabaseKind } from '../test/test-db';

/**
 * GET /metrics for the operator's Prometheus (README "Überwachung"): the figures in Prometheus text format,
 * for this machine or with METRICS_TOKEN as bearer token; everyone else meets an unknown path.
 */
const TOKEN = 'metrik-token-0123456789abcdef';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ metricsToken: TOKEN, trustProxy: true });
});
afterAll(() => ctx.close());

function scrape(options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return ctx.app.inject({ method: 'GET', url: '/metrics', ...options });
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the Prometheus text format; throws on any line that is neither a comment nor a sample. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    // Values as Prometheus reads them (Go's ParseFloat: NaN and Inf in any case; prom-client writes "Nan").
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|nan|[+-]inf)$/i.exec(line);
    if (!match) throw new Error(`keine Prometheus-Zeile: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function samples(): Promise<Sample[]> {
  const response = await scrape();
  expect(response.statusCode).toBe(200);
  return parse(response.body);
}

function figure(all: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return all.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

describe('GET /metrics: the format', () => {
  it('a request duration histogram by route pattern and status, never the raw URL', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health?probe=4711' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/gibt-es-nicht/0815' })).statusCode).toBe(404);
    const response = await scrape();
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(response.headers['cache-control']).toBe('no-store');
    const all = parse(response.body);
    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(figure(all, 'portal_http_request_duration_seconds_count', health)).toBe(1);
    expect(figure(all, 'portal_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(1);
    expect(
      figure(all, 'portal_http_request_duration_seconds_count', { route: '/api/*', status: '404' }),
    ).toBe(1);
    // The raw URLs' parts appear in no label (a value such as a memory size may contain the digits).
    const labelTexts = all.flatMap((sample) => Object.values(sample.labels));
    expect(labelTexts.filter((text) => text.includes('4711') || text.includes('0815'))).toEqual([]);
    expect(labelTexts).toContain('/api/health');
    expect(response.body).toContain('# TYPE portal_http_request_duration_seconds histogram');
  });

  it('the database pool: in use and waiting; a busy database does not hold up the scrape', async () => {
    const all = await samples();
    expect(figure(all, 'portal_db_pool_waiting')).toBe(0);
    if (testDatabaseKind() === 'postgres') {
      expect(figure(all, 'portal_db_pool_in_use')).toBeGreaterThanOrEqual(0);
      // A transaction holds one connection of the pool while the scrape counts.
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        expect(figure(await samples(), 'portal_db_pool_in_use')).toBeGreaterThanOrEqual(1);
      });
    } else {
      expect(figure(all, 'portal_db_pool_in_use')).toBe(1);
      // PGlite's one connection is held by a transaction: the figures read from the database are left
      // out after their time limit, the others are answered.
      await ctx.db.transaction(async () => {
        const busy = await samples();
        expect(figure(busy, 'portal_db_pool_in_use')).toBe(1);
        expect(figure(busy, 'portal_job_queue_depth', { job: 'send-mail' })).toBeUndefined();
        expect(figure(busy, 'portal_http_request_duration_seconds_count', { route: '/api/health' })).toBe(1);
      });
    }
  });

  it('the job queue: waiting jobs per job; failed runs per job, retried or final', async () => {
    const before = figure(await samples(), 'portal_job_queue_depth', { job: 'send-mail' });
    expect(before).toBe(0);
    await ctx.queue.enqueue(sendMailJob, { to: 'a@test.local', subject: 'Test', text: 'Hallo', html: '' });
    await ctx.queue.enqueue(sendMailJob, { to: 'b@test.local', subject: 'Test', text: 'Hallo', html: '' });
    const queued = await samples();
    expect(figure(queued, 'portal_job_queue_depth', { job: 'send-mail' })).toBe(2);
    expect(figure(queued, 'portal_job_queue_depth', { job: 'article-import' })).toBe(0);
    expect(figure(queued, 'portal_job_failures_total', { job: 'send-mail', final: 'true' })).toBe(0);
    await ctx.drainJobs();
    expect(figure(await samples(), 'portal_job_queue_depth', { job: 'send-mail' })).toBe(0);

    // A job that always fails, run by a second queue of this process: once retried, then final.
    const failing = defineJob({
      id: 'metrik-test-fehler',
      payload: z.object({}),
      retryLimit: 1,
      retryDelaySeconds: 1,
      retryBackoff: false,
      async handle() {
        throw new Error('absichtlich');
      },
    });
    const deps = {
      log: { info: () => {}, error: () => {} },
      db: ctx.db,
      database: ctx.database,
      files: createLocalStorage(path.join(os.tmpdir(), 'portal-metrics-test-files')),
      baseUrl: 'http://localhost:3000',
    } as unknown as JobDeps;
    const queue = createJobQueue({ database: ctx.database, jobs: [failing], deps });
    await queue.start();
    try {
      await queue.enqueue(failing, {});
      await queue.drain({ includeDelayed: true });
    } finally {
      await queue.stop();
    }
    const failed = await samples();
    expect(figure(failed, 'portal_job_failures_total', { job: 'metrik-test-fehler', final: 'false' })).toBe(
      1,
    );
    expect(figure(failed, 'portal_job_failures_total', { job: 'metrik-test-fehler', final: 'true' })).toBe(1);
  });

  it('open event streams of this process', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const session = await signIn(ctx.app, user.email);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    expect(figure(await samples(), 'portal_event_streams_open')).toBe(0);
    const stream = await openEventStream(addressOf(ctx.app), session.cookie);
    try {
      await stream.next((event) => event.event === 'ready');
      expect(figure(await samples(), 'portal_event_streams_open')).toBe(1);
    } finally {
      stream.close();
    }
    await vi.waitFor(async () => expect(figure(await samples(), 'portal_event_streams_open')).toBe(0));
  });

  it('rows per second of the running article import (0 without one)', async () => {
    expect(figure(await samples(), 'portal_article_import_rows_per_second')).toBe(0);
    const now = Date.now();
    const [run] = await ctx.db
      .insert(articleImportRuns)
      .values({
        configTitle: 'Metriken',
        fileName: 'artikel.csv',
        filePath: 'imports/artikel.csv',
        state: 'RUNNING',
        processedRows: 12_000,
        startedAt: new Date(now - 40_000),
        heartbeatAt: new Date(now),
      })
      .returning({ id: articleImportRuns.id });
    try {
      expect(figure(await samples(), 'portal_article_import_rows_per_second')).toBe(300);
    } finally {
      await ctx.db
        .update(articleImportRuns)
        .set({ state: 'FAILED' })
        .where(eq(articleImportRuns.id, run!.id));
    }
  });
});

describe('GET /metrics: who gets it', () => {
  it('another machine without the token: the 404 of an unknown path, no figures', async () => {
    const response = await scrape({ remoteAddress: '203.0.113.7' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(
      (await ctx.app.inject({ method: 'GET', url: '/gibt-es-nicht', remoteAddress: '203.0.113.7' })).json(),
    );
    expect(response.body).not.toContain('portal_');
  });

  it('another machine with the token: 200; a wrong or malformed token: 404', async () => {
    const remote = '198.51.100.20';
    const withToken = await scrape({ remoteAddress: remote, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('portal_http_request_duration_seconds');
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, 'Bearer ']) {
      const refused = await scrape({ remoteAddress: remote, headers: { authorization } });
      expect(refused.statusCode, authorization).toBe(404);
    }
  });

  it('behind a proxy (TRUST_PROXY) a forwarded loopback address does not count: the socket decides', async () => {
    const forged = await scrape({ remoteAddress: '192.0.2.1', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.statusCode).toBe(404);
    expect((await scrape({ remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await scrape({ remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });
});
