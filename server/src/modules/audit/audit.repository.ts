import type { FieldChange } from '@portal/domain/rules/change-diff';
import type { ChangeEntry } from '@portal/domain/schemas/change-entry';
import { and, desc, eq, gt, isNotNull, max, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { changeEntries, users } from '../../db/schema';

/** The records that keep a change history (SPEC §3 changeEntries). */
export type AuditedEntity = 'COMPANY' | 'USER' | 'ARTICLE' | 'ECLASS';

/** Records field changes of one record, authored by `userId` (whose name is kept with the entry). */
export async function recordChanges(
  db: DbOrTx,
  entry: { entityType: AuditedEntity; entityId: string; userId: string },
  changes: FieldChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const [author] = await db
    .select({ name: users.name, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, entry.userId));
  const userName = author ? `${author.name} ${author.lastname}`.trim() : 'System';
  await db.insert(changeEntries).values(
    changes.map((change) => ({
      entityType: entry.entityType,
      entityId: entry.entityId,
      userId: entry.userId,
      userName,
      field: change.field,
      oldValue: change.oldValue,
      newValue: change.newValue,
    })),
  );
}

/**
 * The history of one record, newest first. `afterLastChangeOf` keeps only the entries recorded after the
 * latest change of that field from an earlier value (e.g. a user's `companyId`: what happened before the
 * user joined its current company belongs to another tenant, ASVS 8.2.2). Entries of the changing
 * transaction itself share its timestamp and are left out too.
 */
export async function listChanges(
  db: DbOrTx,
  entityType: AuditedEntity,
  entityId: string,
  options: { afterLastChangeOf?: string } = {},
): Promise<ChangeEntry[]> {
  const ofRecord = and(eq(changeEntries.entityType, entityType), eq(changeEntries.entityId, entityId))!;
  const conditions: SQL[] = [ofRecord];
  if (options.afterLastChangeOf) {
    const lastChange = db
      .select({ at: max(changeEntries.createdAt) })
      .from(changeEntries)
      .where(
        and(ofRecord, eq(changeEntries.field, options.afterLastChangeOf), isNotNull(changeEntries.oldValue)),
      );
    // No such change: the comparison with NULL is unknown, so coalesce to keep every entry.
    conditions.push(gt(changeEntries.createdAt, sql`coalesce((${lastChange}), '-infinity'::timestamptz)`));
  }
  const rows = await db
    .select()
    .from(changeEntries)
    .where(and(...conditions))
    .orderBy(desc(changeEntries.createdAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    userName: row.userName,
    field: row.field,
    oldValue: row.oldValue,
    newValue: row.newValue,
    createDate: row.createdAt.toISOString(),
  }));
}
