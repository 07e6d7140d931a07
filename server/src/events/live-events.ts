import { isUuid } from '@portal/domain/rules/uuid';
import type { LiveEventData, LiveEventKind } from '@portal/domain/schemas/notification';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';

/** The NOTIFY channel of live events (one per database: test files each have their own). */
export const LIVE_CHANNEL = 'portal_live';

/** Who an event is for: every signed-in user of these companies, and these users. */
export interface LiveTarget {
  companyIds?: readonly string[];
  userIds?: readonly string[];
}

/** What travels through NOTIFY: the stored row, short keys (the payload limit is 8,000 bytes). */
export interface LivePayload {
  id: number;
  c: string | null;
  u: string | null;
  k: LiveEventKind;
  d: LiveEventData;
}

function uuidArray(ids: readonly string[] | undefined): string {
  const unique = [...new Set(ids ?? [])];
  if (unique.some((id) => !isUuid(id))) throw new Error('live event target is not an id');
  return `{${unique.join(',')}}`;
}

/**
 * ARCHITECTURE §3a: records a live event in the caller's transaction and NOTIFYs it with the same statement.
 * PostgreSQL (and PGlite) deliver a NOTIFY only when the transaction commits, so a stream never hears of a
 * change that was rolled back, and the stored row lets a reconnecting stream catch up (`Last-Event-ID`).
 * The data is a hint to refetch (ids), never the content: whoever reads it asks the API, which checks again.
 */
export async function recordLiveEvent(
  tx: DbOrTx,
  target: LiveTarget,
  kind: LiveEventKind,
  data: LiveEventData,
): Promise<void> {
  const companies = uuidArray(target.companyIds);
  const users = uuidArray(target.userIds);
  if (companies === '{}' && users === '{}') return;
  const json = JSON.stringify(data);
  await tx.execute(sql`
    with targets (company_id, user_id) as (
      select unnest(${companies}::uuid[]), null::uuid
      union all
      select null::uuid, unnest(${users}::uuid[])
    ), stored as (
      insert into live_events (company_id, user_id, kind, data)
      select company_id, user_id, ${kind}, ${json}::jsonb from targets
      returning id, company_id, user_id
    )
    select count(pg_notify(${LIVE_CHANNEL}, json_build_object(
      'id', id, 'c', company_id, 'u', user_id, 'k', ${kind}::text, 'd', ${json}::jsonb)::text))
    from stored`);
}

/** The events of a user since `afterId` (a reconnect with `Last-Event-ID`), oldest first. */
export async function eventsSince(
  db: DbOrTx,
  who: { userId: string; companyId: string },
  afterId: number,
  limit = 500,
): Promise<LivePayload[]> {
  const result = await db.execute(sql`
    select id, company_id as c, user_id as u, kind as k, data as d from live_events
    where id > ${afterId} and (company_id = ${who.companyId} or user_id = ${who.userId})
    order by id limit ${limit}`);
  return rowsOf<LivePayload>(result).map((row) => ({ ...row, id: Number(row.id) }));
}

/** The newest event id: where a fresh stream starts (its first `id:`), so a reconnect misses nothing. */
export async function latestEventId(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select coalesce(max(id), 0) as id from live_events`);
  return Number(rowsOf<{ id: number | string }>(result)[0]?.id ?? 0);
}

/** Events are kept a day: enough for a reconnect; a client away longer reloads its lists anyway. */
export async function pruneLiveEvents(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from live_events where created_at < now() - interval '1 day'`);
}
