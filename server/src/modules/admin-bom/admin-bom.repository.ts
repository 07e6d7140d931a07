import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adminBoms, bomLines, users } from '../../db/schema';

export type AdminBomRow = typeof adminBoms.$inferSelect;
export type AdminBomValues = Omit<typeof adminBoms.$inferInsert, 'createdAt' | 'updatedAt'>;

/** A result by id; `lock` holds it for the caller's transaction (header, map, delete). */
export async function findAdminBom(
  db: DbOrTx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AdminBomRow | null> {
  const query = db.select().from(adminBoms).where(eq(adminBoms.id, id));
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

export async function insertAdminBom(db: DbOrTx, values: AdminBomValues): Promise<AdminBomRow> {
  const now = new Date();
  const [row] = await db
    .insert(adminBoms)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row as AdminBomRow;
}

export async function updateAdminBom(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      AdminBomValues,
      'headerRowIndex' | 'headers' | 'mapping' | 'suppliedPartText' | 'suppliedPartProposal'
    >
  >,
): Promise<AdminBomRow> {
  const [row] = await db
    .update(adminBoms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(adminBoms.id, id))
    .returning();
  return row as AdminBomRow;
}

/** The results with these ids, locked for their removal. */
export function lockAdminBoms(db: DbOrTx, ids: readonly string[]): Promise<AdminBomRow[]> {
  return db
    .select()
    .from(adminBoms)
    .where(inArray(adminBoms.id, [...ids]))
    .for('update');
}

/** Removes the results; their lines go with them (ON DELETE CASCADE). */
export async function deleteAdminBoms(db: DbOrTx, ids: readonly string[]): Promise<void> {
  await db.delete(adminBoms).where(inArray(adminBoms.id, [...ids]));
}

/** Lines and MATCHED lines of each of these results (one grouped scan over their lines). */
export async function lineTotals(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, { total: number; matched: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      adminBomId: bomLines.adminBomId,
      total: count(),
      matched: sql<number>`count(*) filter (where ${bomLines.status} = 'MATCHED')`,
    })
    .from(bomLines)
    .where(
      and(
        inArray(bomLines.adminBomId, [...ids]),
        // Only each result's current generation of lines (db/schema/bom-lines.ts).
        sql`${bomLines.generation} = (select ${adminBoms.linesGeneration} from ${adminBoms} where ${adminBoms.id} = ${bomLines.adminBomId})`,
      ),
    )
    .groupBy(bomLines.adminBomId);
  return new Map(
    rows.map((row) => [row.adminBomId as string, { total: Number(row.total), matched: Number(row.matched) }]),
  );
}

/** A page of the history, newest first, with the uploader's name. */
export async function pageAdminBoms(db: DbOrTx, page: number, size: number) {
  const rows = await db
    .select({ bom: adminBoms, firstName: users.name, lastName: users.lastname })
    .from(adminBoms)
    .leftJoin(users, eq(users.id, adminBoms.createdBy))
    .orderBy(desc(adminBoms.createdAt), desc(adminBoms.id))
    .limit(size)
    .offset(page * size);
  const [all] = await db.select({ n: count() }).from(adminBoms);
  return { rows, total: Number(all?.n ?? 0) };
}
