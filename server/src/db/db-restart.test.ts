import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installErrorHandlers } from '../http/error-handler';
import { createActor, TEST_PASSWORD } from '../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../test/test-app';
import { testDatabaseKind } from '../test/test-db';
import { type Db, openPostgres } from './client';
import { releaseOnEveryOutcome } from './pool-transactions';
import { startTcpProxy } from './testing/tcp-proxy';

/**
 * A database restart ends every connection the server holds: requests on them answer 503 in German, the
 * process lives, and once the database takes connections again the same process serves.
 */
let ctx: TestContext;
let admin: Session;
let adminEmail: string;

/** Whatever reaches the process as a crash: an 'error' event nobody listened to, or a lost rejection. */
const crashes: unknown[] = [];
const recordCrash = (error: unknown) => crashes.push(error);

beforeAll(async () => {
  ctx = await createTestApp();
  const operator = await createActor(ctx.db, 'ADMIN', { admin: true });
  adminEmail = operator.user.email;
  admin = await signIn(ctx.app, adminEmail);
});
afterAll(() => ctx.close());
beforeEach(() => {
  crashes.length = 0;
  process.on('uncaughtException', recordCrash);
  process.on('unhandledRejection', recordCrash);
});
afterEach(() => {
  process.off('uncaughtException', recordCrash);
  process.off('unhandledRejection', recordCrash);
});

const UNAVAILABLE = {
  code: 'DATABASE_UNAVAILABLE',
  message: 'Die Datenbank ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
};

describe('a connection the database ends', () => {
  it('answers 503 with Retry-After when the database ends the statement like a shutdown does', async () => {
    // The database itself raises the SQLSTATE a restart sends (57P01 admin_shutdown), on PGlite as on PostgreSQL.
    const probe = Fastify();
    installErrorHandlers(probe);
    probe.get('/shutdown', async () =>
      ctx.db.execute(sql`DO $$ BEGIN RAISE EXCEPTION 'Neustart' USING ERRCODE = 'admin_shutdown'; END $$`),
    );
    probe.get('/ok', async () => {
      await ctx.db.execute(sql`select 1`);
      return { ok: true };
    });
    try {
      const failed = await probe.inject({ method: 'GET', url: '/shutdown' });
      expect(failed.statusCode).toBe(503);
      expect(failed.headers['retry-after']).toBe('5');
      expect(failed.json()).toEqual(UNAVAILABLE);
      expect((await probe.inject({ method: 'GET', url: '/ok' })).statusCode).toBe(200);
    } finally {
      await probe.close();
    }
    expect(crashes).toEqual([]);
  });
});

if (testDatabaseKind() === 'postgres') {
  describe('PostgreSQL ends every connection of the server five times under load', () => {
    const listAll = () => as(ctx.app, admin, { method: 'GET', url: '/api/manufacturer/all' });
    let created = 0;
    const create = () =>
      as(ctx.app, admin, {
        method: 'POST',
        url: '/api/manufacturer/',
        payload: { displayName: `Neustart ${++created}` },
      });

    const signInAgain = () =>
      as(ctx.app, null, {
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: adminEmail, password: TEST_PASSWORD },
      });

    /** Ends every other connection to the test database, as a restart of PostgreSQL does. */
    async function terminateBackends(): Promise<number> {
      const killer = new pg.Client({ connectionString: ctx.database.url });
      await killer.connect();
      try {
        const result = await killer.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        return result.rowCount ?? 0;
      } finally {
        await killer.end();
      }
    }

    it('the process lives, requests answer 200 or 503 (never 500), and serve again right after', async () => {
      const notified: string[] = [];
      let reconnects = 0;
      const stopListening = await ctx.database.listen(
        'restart_probe',
        (payload) => notified.push(payload),
        () => reconnects++,
      );
      try {
        for (let round = 1; round <= 5; round++) {
          // Connections checked out of the pool while the database goes away: an open transaction waiting
          // for the next statement and a bulk session (article import) between two transactions.
          const bulk = await ctx.database.openBulkSession();
          let releaseTransaction = () => {};
          const gate = new Promise<void>((resolve) => {
            releaseTransaction = resolve;
          });
          let opened = () => {};
          const transactionOpen = new Promise<void>((resolve) => {
            opened = resolve;
          });
          const transaction = ctx.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            opened();
            await gate;
            await tx.execute(sql`select 2`);
          });
          await transactionOpen;

          // Writes (each in a transaction), reads and two sign-ins (better-auth's own queries).
          const requests = Array.from({ length: 20 }, (_, i) =>
            i < 2 ? signInAgain() : i % 2 === 0 ? create() : listAll(),
          );
          expect(await terminateBackends(), `round ${round}`).toBeGreaterThan(0);
          const responses = await Promise.all(requests);
          for (const response of responses) {
            if (response.statusCode === 503) {
              expect(response.json()).toEqual(UNAVAILABLE);
              expect(response.headers['retry-after']).toBe('5');
            } else expect([200, 201], response.body).toContain(response.statusCode);
          }

          releaseTransaction();
          await expect(transaction).rejects.toThrow();
          await expect(bulk.transaction((tx) => tx.query('select 1'))).rejects.toThrow();
          await bulk.release();

          await vi.waitFor(async () => expect((await listAll()).statusCode).toBe(200), { timeout: 5000 });
          expect((await create()).statusCode).toBe(201);
          const fresh = await ctx.database.openBulkSession();
          try {
            expect((await fresh.transaction((tx) => tx.query('select 1 as one'))).rows).toEqual([{ one: 1 }]);
          } finally {
            await fresh.release();
          }
        }

        // The listening connection came back and receives again.
        await vi.waitFor(
          async () => {
            expect(reconnects).toBeGreaterThan(0);
            await ctx.database.executeSql("select pg_notify('restart_probe', 'wieder da')");
            expect(notified).toContain('wieder da');
          },
          { timeout: 10_000 },
        );
      } finally {
        await stopListening();
      }
      expect(crashes).toEqual([]);
    });
  });

  describe("a connection that ends between its checkout and the transaction's begin", () => {
    it('goes back to the pool, so the next transaction gets a connection and the pool closes', async () => {
      const pool = new pg.Pool({ connectionString: ctx.database.url, max: 1, connectionTimeoutMillis: 3000 });
      pool.on('error', () => {});
      pool.on('connect', (connection) => connection.on('error', () => {}));
      const db = drizzle({ client: pool }) as unknown as Db;
      releaseOnEveryOutcome(db, pool);
      try {
        // The socket ends as the connection is handed out, as a database restart ends it at that moment.
        pool.once('acquire', (connection) => {
          (
            connection as unknown as { connection: { stream: { destroy(): void } } }
          ).connection.stream.destroy();
        });
        await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
        const second = (await db.transaction((tx) => tx.execute(sql`select 2 as two`))) as {
          rows: unknown[];
        };
        expect(second.rows).toEqual([{ two: 2 }]);
        expect(pool.totalCount).toBe(1);
      } finally {
        await pool.end();
      }
    });
  });

  describe('PostgreSQL away for a while, as a restart looks from the server', () => {
    it('every request answers 503 at once while it is away, and 200 within 5 s once it is back', async () => {
      const proxy = await startTcpProxy(ctx.database.url ?? '');
      const database = await openPostgres(proxy.url, { max: 5 });
      const second = await createTestApp({ sharedDatabase: database });
      const list = () => as(second.app, admin, { method: 'GET', url: '/api/manufacturer/all' });
      try {
        expect((await list()).statusCode).toBe(200);
        proxy.down();
        for (const response of await Promise.all(Array.from({ length: 20 }, list))) {
          expect(response.statusCode).toBe(503);
          expect(response.json()).toEqual(UNAVAILABLE);
        }
        proxy.up();
        await vi.waitFor(async () => expect((await list()).statusCode).toBe(200), { timeout: 5000 });
      } finally {
        await second.close();
        await database.close();
        await proxy.close();
      }
      expect(crashes).toEqual([]);
    });
  });
}
