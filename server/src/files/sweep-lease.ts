import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appMeta } from '../db/schema';

export interface Lease {
  /** Keeps the lease another `holdMs`; false when it expired and another process took it meanwhile. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * A lease on `name` in app_meta, so that one server process at a time does a piece of housekeeping: the
 * holder's token is the value, `updated_at` when it last renewed. Unlike an advisory lock it holds no
 * connection and no transaction open (on PGlite an open transaction would stop every request), and a
 * holder that died loses it `holdMs` after its last renewal. Null when another process holds it.
 */
export async function takeLease(db: Db, name: string, holdMs: number): Promise<Lease | null> {
  const token = randomUUID();
  const expired = sql`${appMeta.value} = '' or ${appMeta.updatedAt} < now() - make_interval(secs => ${holdMs / 1000})`;
  const [taken] = await db
    .insert(appMeta)
    .values({ key: name, value: token, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: token, updatedAt: sql`now()` },
      setWhere: expired,
    })
    .returning({ value: appMeta.value });
  if (taken?.value !== token) return null;
  const mine = and(eq(appMeta.key, name), eq(appMeta.value, token));
  return {
    async renew() {
      const renewed = await db
        .update(appMeta)
        .set({ updatedAt: sql`now()` })
        .where(mine)
        .returning({ key: appMeta.key });
      return renewed.length > 0;
    },
    async release() {
      await db.update(appMeta).set({ value: '', updatedAt: sql`now()` }).where(mine);
    },
  };
}
