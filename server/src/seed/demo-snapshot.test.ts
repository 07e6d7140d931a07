import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mayRestoreDemoSnapshot, openRuntime, type Runtime } from '../bootstrap';
import { loadConfig } from '../config';
import { readMeta } from '../db/app-meta';
import { articles, enquiries, users } from '../db/schema';
import { DEMO_LOGINS } from './demo';
import { prepareDemoSnapshot, restoreDemoSnapshot } from './demo-snapshot';

/**
 * ARCHITECTURE §7: the build prepares the demo database; the first start of an empty DATA_DIR copies it
 * instead of migrating and seeding, and the copy must be as good as a freshly seeded one.
 */
let root: string;
let snapshotDir: string;
beforeAll(async () => {
  // the queue and the seed talk on the console; the test reads the database instead
  vi.spyOn(console, 'log').mockImplementation(() => {});
  root = mkdtempSync(path.join(os.tmpdir(), 'portal-snapshot-'));
  snapshotDir = path.join(root, 'snapshot');
  await prepareDemoSnapshot(snapshotDir);
}, 180_000);
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

async function start(
  dataDir: string,
  env: Record<string, string>,
  use: (runtime: Runtime) => Promise<void>,
  from = snapshotDir,
) {
  const runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir, ...env }), { demoSnapshotDir: from });
  try {
    await use(runtime);
  } finally {
    await runtime.release();
  }
}

/** Every file below `dir`, as paths relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const firstDates = async (runtime: Runtime) => {
  const db = runtime.database.db;
  const [enquiry] = await db
    .select({
      createdAt: sql<string>`min(${enquiries.createdAt})::text`,
      desired: sql<string>`min(${enquiries.desiredDeliveryDate})::text`,
    })
    .from(enquiries);
  const [article] = await db
    .select({ createdAt: sql<string>`min(${articles.createdAt})::text` })
    .from(articles);
  return { enquiry: enquiry!, article: article! };
};

const DAY = 24 * 60 * 60 * 1000;

describe('first start of an empty DATA_DIR with the build’s demo database', () => {
  it('has the demo logins and files, and a session secret of its own per installation', async () => {
    const secrets: (string | null)[] = [];
    for (const name of ['a', 'b']) {
      const dataDir = path.join(root, name);
      await start(dataDir, {}, async (runtime) => {
        expect(runtime.seeded).toBe(true);
        const demoUsers = await runtime.database.db
          .select({ email: users.email })
          .from(users)
          .where(like(users.email, '%@demo.local'));
        expect(demoUsers.map((user) => user.email).sort()).toEqual(
          DEMO_LOGINS.map((login) => login.email).sort(),
        );
        secrets.push(await readMeta(runtime.database.db, 'auth_secret'));
      });
      const demoFiles = filesBelow(path.join(snapshotDir, 'files'));
      expect(demoFiles.length).toBeGreaterThan(0);
      expect(filesBelow(path.join(dataDir, 'files'))).toEqual(expect.arrayContaining(demoFiles));
    }
    expect(secrets[0]).toEqual(expect.any(String));
    expect(secrets[1]).toEqual(expect.any(String));
    expect(secrets[0]).not.toBe(secrets[1]);
  }, 120_000);

  it('moves the demo’s dates by the snapshot’s age, the catalogue’s not', async () => {
    let current: Awaited<ReturnType<typeof firstDates>> | undefined;
    await start(path.join(root, 'current'), {}, async (runtime) => {
      current = await firstDates(runtime);
    });
    // The same snapshot, taken ten days earlier.
    const older = path.join(root, 'older-snapshot');
    cpSync(snapshotDir, older, { recursive: true });
    const manifest = JSON.parse(readFileSync(path.join(older, 'snapshot.json'), 'utf8')) as {
      takenAt: string;
    };
    const takenAt = new Date(Date.parse(manifest.takenAt) - 10 * DAY).toISOString();
    writeFileSync(path.join(older, 'snapshot.json'), JSON.stringify({ takenAt }));
    // The shift is the snapshot's age at the moment of the restore: between these two readings of the clock.
    const ageBefore = Date.now() - Date.parse(takenAt);
    await start(
      path.join(root, 'from-older'),
      {},
      async (runtime) => {
        const moved = await firstDates(runtime);
        const shift = Date.parse(moved.enquiry.createdAt) - Date.parse(current!.enquiry.createdAt);
        const ageAfter = Date.now() - Date.parse(takenAt);
        // Whole seconds are shifted (shiftDemoDates).
        expect(shift).toBeGreaterThanOrEqual(Math.round(ageBefore / 1000) * 1000 - 1000);
        expect(shift).toBeLessThanOrEqual(Math.round(ageAfter / 1000) * 1000 + 1000);
        expect(Date.parse(moved.enquiry.desired) - Date.parse(current!.enquiry.desired)).toBe(10 * DAY);
        expect(moved.article.createdAt).toBe(current!.article.createdAt);
      },
      older,
    );
  }, 120_000);

  it('is not used without demo data: SEED_DEMO=false starts with an empty portal', async () => {
    const dataDir = path.join(root, 'no-demo');
    await start(dataDir, { SEED_DEMO: 'false' }, async (runtime) => {
      expect(runtime.seeded).toBe(false);
      expect(await runtime.database.db.select().from(users).where(like(users.email, '%@demo.local'))).toEqual(
        [],
      );
    });
    expect(filesBelow(dataDir).filter((file) => file.startsWith(`files${path.sep}`))).toEqual([]);
  }, 120_000);

  it('never replaces an existing database', async () => {
    const dataDir = path.join(root, 'existing');
    mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    writeFileSync(path.join(dataDir, 'db', 'PG_VERSION'), '17\n');
    expect(await restoreDemoSnapshot(snapshotDir, dataDir)).toBeNull();
    expect(readdirSync(path.join(dataDir, 'db'))).toEqual(['PG_VERSION']);
    expect(
      await restoreDemoSnapshot(path.join(root, 'no-such-snapshot'), path.join(root, 'empty')),
    ).toBeNull();
  });

  it('is only for the embedded database with demo data and local files', () => {
    const dataDir = path.join(root, 'config');
    expect(mayRestoreDemoSnapshot(loadConfig({ DATA_DIR: dataDir }))).toBe(true);
    expect(mayRestoreDemoSnapshot(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }))).toBe(false);
    expect(
      mayRestoreDemoSnapshot(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://127.0.0.1/portal' })),
    ).toBe(false);
    expect(mayRestoreDemoSnapshot(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'portal' }))).toBe(false);
  });
});
