import type { FieldChange } from '@portal/domain/rules/change-diff';
import type { ChangeEntry } from '@portal/domain/schemas/change-entry';
import { and, desc, eq } from 'drizzle-orm';
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

export async function listChanges(
  db: DbOrTx,
  entityType: AuditedEntity,
  entityId: string,
): Promise<ChangeEntry[]> {
  const rows = await db
    .select()
    .from(changeEntries)
    .where(and(eq(changeEntries.entityType, entityType), eq(changeEntries.entityId, entityId)))
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
