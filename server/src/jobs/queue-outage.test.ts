import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { startTcpProxy, type TcpProxy } from '../db/testing/tcp-proxy';
import { createLocalStorage } from '../files/local-storage';
import { createMailer } from '../mail/mailer';
import { createTestDatabase, testDatabaseKind } from '../test/test-db';
import { createJobQueue, defineJob, type JobQueue } from './queue';

/**
 * The database goes away while a background job runs (a restart): the process lives, and once the database
 * is back the job's outcome is written; it is neither lost nor run a second time.
 */
let database: Database & { url?: string };
/** How the workers reach the database: on PostgreSQL their own pool through a proxy that can go down. */
let proxy: TcpProxy | null = null;
let away = false;
/** Calls the workers made while the database was away (PGlite). */
let refusedCalls = 0;
const crashes: unknown[] = [];
const recordCrash = (error: unknown) => crashes.push(error);

let releaseJob = () => {};
const runs: number[] = [];
const probeJob = defineJob({
  id: 'outage-probe',
  payload: z.object({ n: z.number() }),
  retryLimit: 3,
  retryDelaySeconds: 1,
  retryBackoff: true,
  async handle(payload) {
    runs.push(payload.n);
    await new Promise<void>((resolve) => {
      releaseJob = resolve;
    });
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.url) proxy = await startTcpProxy(database.url);
});
afterAll(async () => {
  await proxy?.close();
  await database.close();
});
beforeEach(() => {
  process.on('uncaughtException', recordCrash);
  process.on('unhandledRejection', recordCrash);
});
afterEach(() => {
  process.off('uncaughtException', recordCrash);
  process.off('unhandledRejection', recordCrash);
});

/** The database away for the workers: the proxy cut on PostgreSQL; PGlite has no network, its calls fail. */
function takeDatabaseAway(): void {
  away = true;
  proxy?.down();
}
function bringDatabaseBack(): void {
  away = false;
  proxy?.up();
}
const refusals = () => proxy?.refused() ?? refusedCalls;

function workerQueue(): JobQueue {
  const refused = () => {
    refusedCalls++;
    return Promise.reject(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
  };
  const seenByWorkers: Database = {
    ...database,
    executeSql: (text, values) => (away ? refused() : database.executeSql(text, values)),
  };
  return createJobQueue({
    database: seenByWorkers,
    connectionString: proxy?.url,
    jobs: [probeJob],
    deps: {
      mailer: createMailer({
        mailDir: path.join(os.tmpdir(), 'portal-outage-mail'),
        from: 'portal@test.local',
      }),
      log: { info: () => {}, error: () => {} },
      db: database.db,
      database,
      files: createLocalStorage(path.join(os.tmpdir(), 'portal-outage-files')),
      baseUrl: 'http://localhost:3000',
    },
    pollingIntervalSeconds: 1,
  });
}

async function stateOf(id: string): Promise<string | undefined> {
  const { rows } = await database.executeSql('SELECT state FROM pgboss.job WHERE id = $1', [id]);
  return rows[0]?.state as string | undefined;
}

describe(`background jobs while the database is away (${testDatabaseKind()})`, () => {
  it('a job that ends during the outage is completed once the database is back, and runs once', async () => {
    const queue = workerQueue();
    await queue.start();
    try {
      await queue.work();
      const id = await queue.enqueue(probeJob, { n: 1 });
      queue.wake(probeJob);
      await vi.waitFor(() => expect(runs).toEqual([1]), { timeout: 10_000 });

      takeDatabaseAway();
      const before = refusals();
      // The job ends while the database is away: writing its outcome fails for now.
      releaseJob();
      await vi.waitFor(() => expect(refusals()).toBeGreaterThan(before), { timeout: 10_000 });
      expect(await stateOf(id)).toBe('active');

      bringDatabaseBack();
      await vi.waitFor(async () => expect(await stateOf(id)).toBe('completed'), { timeout: 10_000 });
      expect(runs).toEqual([1]);

      // The workers poll again: the next job runs at once.
      await queue.enqueue(probeJob, { n: 2 });
      queue.wake(probeJob);
      await vi.waitFor(() => expect(runs).toEqual([1, 2]), { timeout: 10_000 });
      releaseJob();
    } finally {
      bringDatabaseBack();
      await queue.stop();
    }
    expect(crashes).toEqual([]);
  });
});
