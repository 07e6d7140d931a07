import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { bigint, date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPgliteThread } from './client';
import { EmbeddedDatabaseUnavailableError, isDatabaseUnavailable } from './connection-errors';
import { rowsOf } from './rows';

// The Database interface on PGlite's own thread (pglite-thread.ts), as the server runs it; the other test
// files use PGlite in their own thread unless TEST_PGLITE_THREAD=1.

const things = pgTable('things', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  plain: timestamp('plain', { mode: 'string' }),
  day: date('day'),
  data: jsonb('data').$type<{ tags: string[]; depth: number }>(),
  price: numeric('price', { precision: 12, scale: 2 }),
  big: bigint('big', { mode: 'bigint' }),
  counts: integer('counts').array(),
});

const CREATE_THINGS = `CREATE TABLE things (
  id serial PRIMARY KEY, name text NOT NULL UNIQUE, at timestamptz, plain timestamp, day date, data jsonb,
  price numeric(12, 2), big bigint, counts integer[]
)`;

/** A promise and its resolver: lets a test hold a transaction open until it says so. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

let threaded: Database;
let inProcess: Database;
beforeAll(async () => {
  [threaded, inProcess] = await Promise.all([openPgliteThread(), openPglite()]);
  for (const database of [threaded, inProcess]) await database.executeSql(CREATE_THINGS);
});
afterAll(async () => {
  await Promise.all([threaded.close(), inProcess.close()]);
});

const sample = {
  at: new Date('2026-11-27T08:15:30.123Z'),
  plain: '2026-11-27 08:15:30.5',
  day: '2026-11-27',
  data: { tags: ['Schütz', 'Klemme'], depth: 3 },
  price: '1234.50',
  big: 9007199254740993n,
  counts: [1, 2, 3],
};

describe('drizzle on PGlite’s thread', () => {
  it('returns the same values and types as PGlite in the same thread', async () => {
    const read = async (database: Database) => {
      await database.db.insert(things).values({ name: 'gleich', ...sample });
      const [row] = await database.db.select().from(things).where(eq(things.name, 'gleich'));
      const raw = await database.db.execute(
        sql`SELECT at, day, data, price, big FROM things WHERE name = 'gleich'`,
      );
      const relational = await database.db.select({ n: sql<number>`count(*)::int` }).from(things);
      return { row: { ...row, id: undefined }, raw: rowsOf(raw), count: relational[0]?.n };
    };
    const [onThread, here] = [await read(threaded), await read(inProcess)];
    expect(onThread).toEqual(here);
    expect(onThread.row).toMatchObject({ ...sample, name: 'gleich' });
    expect(onThread.row.at).toBeInstanceOf(Date);
    expect(onThread.count).toBe(1);
  });

  it('hands over the database error with its code and constraint (drizzle wraps it in `cause`)', async () => {
    await threaded.db.insert(things).values({ name: 'doppelt' });
    const failure = await threaded.db
      .insert(things)
      .values({ name: 'doppelt' })
      .catch((error: unknown) => error);
    expect((failure as { cause: { code: string; constraint: string } }).cause).toMatchObject({
      code: '23505',
      constraint: 'things_name_key',
    });
    expect(isDatabaseUnavailable(failure)).toBe(false);
  });

  it('commits a transaction, rolls back one that throws, and keeps a savepoint’s rollback inside', async () => {
    await threaded.db.transaction(async (tx) => {
      await tx.insert(things).values({ name: 'tx-behalten' });
    });
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.insert(things).values({ name: 'tx-verworfen' });
        throw new Error('Abbruch im Hauptthread');
      }),
    ).rejects.toThrow('Abbruch im Hauptthread');
    await threaded.db.transaction(async (tx) => {
      await tx.insert(things).values({ name: 'tx-außen' });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(things).values({ name: 'tx-innen' });
          throw new Error('innen');
        }),
      ).rejects.toThrow('innen');
      await tx.transaction(async (inner) => {
        await inner.insert(things).values({ name: 'tx-innen-behalten' });
      });
    });
    await threaded.db
      .transaction(async (tx) => {
        await tx.insert(things).values({ name: 'tx-rollback' });
        tx.rollback();
      })
      .catch(() => {});
    const names = await threaded.db.select({ name: things.name }).from(things).where(sql`name LIKE 'tx-%'`);
    expect(names.map((row) => row.name).sort()).toEqual(['tx-außen', 'tx-behalten', 'tx-innen-behalten']);
  });

  it('lets a query outside an open transaction wait until it commits', async () => {
    const hold = gate();
    const entered = gate();
    const transaction = threaded.db.transaction(async (tx) => {
      await tx.insert(things).values({ name: 'warten' });
      entered.open();
      await hold.opened;
    });
    await entered.opened;
    const outside = threaded.db.select({ name: things.name }).from(things).where(eq(things.name, 'warten'));
    hold.open();
    await transaction;
    expect(await outside).toEqual([{ name: 'warten' }]);
  });
});

describe('raw SQL, bulk sessions and events on PGlite’s thread', () => {
  it('runs multi-statement SQL and parameterised SQL', async () => {
    const { rows } = await threaded.executeSql("SELECT 1 AS one; SELECT 'zwei' AS two");
    expect(rows).toEqual([{ two: 'zwei' }]);
    const { rows: dated } = await threaded.executeSql('SELECT $1::timestamptz AS at, $2::int + 1 AS n', [
      sample.at,
      41,
    ]);
    expect(dated).toEqual([{ at: sample.at, n: 42 }]);
  });

  it('loads COPY data in a bulk transaction and rolls it back when the work throws', async () => {
    const session = await threaded.openBulkSession();
    await session.transaction(async (tx) => {
      await tx.query('CREATE TEMP TABLE staged (line int, value text)');
      await tx.copyFrom('COPY staged (line, value) FROM STDIN', '1\tÄpfel\n2\t\\N\n3\tBirnen\n');
      const { rows } = await tx.query('SELECT count(*)::int AS n, count(value)::int AS filled FROM staged');
      expect(rows).toEqual([{ n: 3, filled: 2 }]);
    });
    await expect(
      session.transaction(async (tx) => {
        await tx.copyFrom('COPY staged (line, value) FROM STDIN', '4\tKirschen\n');
        throw new Error('Import abgebrochen');
      }),
    ).rejects.toThrow('Import abgebrochen');
    const { rows } = await threaded.executeSql(
      "SELECT string_agg(value, ',' ORDER BY line) AS v FROM staged",
    );
    expect(rows).toEqual([{ v: 'Äpfel,Birnen' }]);
    await session.release();
  });

  it('forwards notifications to the listeners of their channel until they stop', async () => {
    const received: string[] = [];
    const arrived = gate();
    const stop = await threaded.listen('portal_test', (payload) => {
      received.push(payload);
      if (received.length === 2) arrived.open();
    });
    await threaded.executeSql("SELECT pg_notify('portal_test', 'eins')");
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify('portal_test', 'zwei')`);
    });
    await arrived.opened;
    expect(received).toEqual(['eins', 'zwei']);
    await stop();
    await threaded.executeSql("SELECT pg_notify('portal_test', 'drei')");
    // A later notification on another channel arrives; the stopped one's never did.
    const other = gate();
    const stopOther = await threaded.listen('portal_other', () => other.open());
    await threaded.executeSql("SELECT pg_notify('portal_other', 'x')");
    await other.opened;
    expect(received).toEqual(['eins', 'zwei']);
    await stopOther();
  });

  it('lets requests waiting for the connection go before background work that waited too', async () => {
    await threaded.executeSql('CREATE TABLE turns (id serial, who text)');
    const hold = gate();
    const entered = gate();
    const holding = threaded.db.transaction(async () => {
      entered.open();
      await hold.opened;
    });
    await entered.opened;
    const session = await threaded.openBulkSession();
    const importChunk = session.transaction((tx) => tx.query("INSERT INTO turns (who) VALUES ('import')"));
    const request = threaded.executeSql("INSERT INTO turns (who) VALUES ('anfrage')");
    hold.open();
    await Promise.all([holding, importChunk, request]);
    const { rows } = await threaded.executeSql('SELECT array_agg(who ORDER BY id) AS order FROM turns');
    expect(rows).toEqual([{ order: ['anfrage', 'import'] }]);
  });

  it('runs work under one name one after the other', async () => {
    const order: string[] = [];
    const first = gate();
    const a = threaded.exclusively('name', async () => {
      order.push('a begins');
      await first.opened;
      order.push('a ends');
    });
    const b = threaded.exclusively('name', async () => {
      order.push('b');
    });
    first.open();
    await Promise.all([a, b]);
    expect(order).toEqual(['a begins', 'a ends', 'b']);
  });
});

describe('overload on PGlite’s thread', () => {
  it('refuses an operation at once when too many wait, and runs the ones that waited', async () => {
    const database = await openPgliteThread(undefined, { maxWaiting: 2 });
    try {
      await database.executeSql('CREATE TABLE n (v int)');
      const hold = gate();
      const entered = gate();
      const holding = database.db.transaction(async () => {
        entered.open();
        await hold.opened;
      });
      await entered.opened;
      const waiting = [1, 2].map((v) => database.executeSql('INSERT INTO n VALUES ($1)', [v]));
      expect(database.poolStats()).toEqual({ total: 1, idle: 0, waiting: 2 });
      const refused = await database.executeSql('INSERT INTO n VALUES (3)').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(EmbeddedDatabaseUnavailableError);
      expect(isDatabaseUnavailable(refused)).toBe(true);
      expect((refused as Error).message).toContain('überlastet');
      hold.open();
      await holding;
      await Promise.all(waiting);
      const { rows } = await database.executeSql('SELECT array_agg(v ORDER BY v) AS v FROM n');
      expect(rows).toEqual([{ v: [1, 2] }]);
      expect(database.poolStats()).toEqual({ total: 1, idle: 1, waiting: 0 });
    } finally {
      await database.close();
    }
  });

  it('gives up on an operation that waited too long, and it never runs', async () => {
    const database = await openPgliteThread(undefined, { maxWaitMs: 1 });
    try {
      await database.executeSql('CREATE TABLE n (v int)');
      const hold = gate();
      const entered = gate();
      const holding = database.db.transaction(async () => {
        entered.open();
        await hold.opened;
      });
      await entered.opened;
      const refused = await database.executeSql('INSERT INTO n VALUES (1)').catch((error: unknown) => error);
      expect(isDatabaseUnavailable(refused)).toBe(true);
      // Background work (bulk sessions: imports) waits its turn however long.
      const session = await database.openBulkSession();
      const background = session.transaction((tx) => tx.query('INSERT INTO n VALUES (2)'));
      hold.open();
      await holding;
      await background;
      const { rows } = await database.executeSql('SELECT array_agg(v) AS v FROM n');
      expect(rows).toEqual([{ v: [2] }]);
    } finally {
      await database.close();
    }
  });
});

describe('closing PGlite’s thread', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps what was written before close when the directory is opened again, and refuses work after', async () => {
    const directory = path.join(dataDir, 'db');
    const first = await openPgliteThread(directory);
    await first.executeSql(CREATE_THINGS);
    const [thing] = await first.db
      .insert(things)
      .values({ name: 'Schaltschrank Nord', data: { tags: ['bleibt'], depth: 1 } })
      .returning({ id: things.id });
    await first.close();
    await expect(first.executeSql('SELECT 1')).rejects.toSatisfy(isDatabaseUnavailable);

    const second = await openPgliteThread(directory);
    try {
      const rows = await second.db
        .select({ name: things.name, data: things.data })
        .from(things)
        .where(eq(things.id, thing!.id));
      expect(rows).toEqual([{ name: 'Schaltschrank Nord', data: { tags: ['bleibt'], depth: 1 } }]);
    } finally {
      await second.close();
    }
  });
});
