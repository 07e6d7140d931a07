import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appMeta } from './schema';

export async function readMeta(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return row?.value ?? null;
}

/** Inserts the value unless another process was first; returns the value that won. */
export async function ensureMeta(db: Db, key: string, create: () => string): Promise<string> {
  await db.insert(appMeta).values({ key, value: create() }).onConflictDoNothing();
  const value = await readMeta(db, key);
  if (value === null) throw new Error(`app_meta ${key} missing after insert`);
  return value;
}

/**
 * The session signing secret: AUTH_SECRET when given, else one generated once and kept in the database,
 * so that every server process on the same database signs alike (ARCHITECTURE §5).
 */
export function ensureAuthSecret(db: Db): Promise<string> {
  return ensureMeta(db, 'auth_secret', () => randomBytes(32).toString('base64url'));
}
