import type { FieldChange } from '@portal/domain/rules/change-diff';
import { changeValueKind } from '@portal/domain/rules/change-values';
import { isUuid } from '@portal/domain/rules/uuid';
import type { ChangeEntry } from '@portal/domain/schemas/change-entry';
import { and, desc, eq, gt, inArray, isNotNull, max, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { changeEntries, companies, users } from '../../db/schema';

/** Names of the companies a history refers to by id (a user's `companyId`); a deleted one keeps its id. */
async function companyNames(
  db: DbOrTx,
  rows: { field: string; oldValue: string | null; newValue: string | null }[],
) {
  const ids = new Set<string>();
  for (const row of rows) {
    if (changeValueKind(row.field) !== 'company') continue;
    for (const value of [row.oldValue, row.newValue]) if (value && isUuid(value)) ids.add(value);
  }
  if (ids.size === 0) return new Map<string, string>();
  const found = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...ids]));
  return new Map(found.map((company) => [company.id, company.name]));
}

/** The records that keep a change history (SPEC §3 changeEntries). */
export type AuditedEntity =
  | 'COMPANY'
  | 'USER'
  | 'ARTICLE'
  | 'ECLASS'
  | 'ENQUIRY'
  | 'OFFER'
  | 'MANUFACTURER'
  | 'UNIT'
  | 'DISCOUNT_GROUP';

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
  const names = await companyNames(db, rows);
  const present = (field: string, value: string | null) =>
    value !== null && changeValueKind(field) === 'company' ? (names.get(value) ?? value) : value;
  return rows.map((row) => ({
    id: row.id,
    userName: row.userName,
    field: row.field,
    oldValue: present(row.field, row.oldValue),
    newValue: present(row.field, row.newValue),
    createDate: row.createdAt.toISOString(),
  }));
}
