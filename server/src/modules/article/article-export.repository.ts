import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articles, discountGroups, eclassEntries, manufacturers, units, users } from '../../db/schema';
import { orderNumberKey } from './article-sql';

/** One batch of the article export (article-export.ts walks the batches and writes the CSV lines). */

export interface ExportBatchRow {
  id: string;
  key: string | null;
  article: typeof articles.$inferSelect;
  manufacturerName: string;
  unitName: string | null;
  discountGroupName: string | null;
  eclassNumber: string | null;
}

/**
 * Where the previous batch ended: null before the first; `numbered` after an order-number key; `unnumbered`
 * after an id among the articles without order number.
 */
export type ExportCursor =
  | { phase: 'numbered'; key: string; id: string }
  | { phase: 'unnumbered'; id: string }
  | null;

/**
 * The next `batchSize` articles matching `where` after `cursor`: keyset pagination on the btree of the order
 * number (then the articles without order number by id), so every batch is an index range scan.
 */
export async function findExportBatch(
  db: DbOrTx,
  where: SQL | undefined,
  cursor: ExportCursor,
  batchSize: number,
): Promise<ExportBatchRow[]> {
  const numbered = cursor === null || cursor.phase === 'numbered';
  const after: SQL | undefined =
    cursor === null
      ? undefined
      : cursor.phase === 'numbered'
        ? sql`(${orderNumberKey}, ${articles.id}) > (${cursor.key}::text collate "C", ${cursor.id}::uuid)`
        : sql`${articles.id} > ${cursor.id}::uuid`;
  return db
    .select({
      id: articles.id,
      key: sql<string | null>`${orderNumberKey}`,
      article: articles,
      manufacturerName: manufacturers.displayName,
      unitName: units.displayName,
      discountGroupName: discountGroups.displayName,
      eclassNumber: eclassEntries.eclassNumber,
    })
    .from(articles)
    .innerJoin(manufacturers, eq(manufacturers.id, articles.manufacturerId))
    .leftJoin(units, eq(units.id, articles.unitId))
    .leftJoin(discountGroups, eq(discountGroups.id, articles.discountGroupId))
    .leftJoin(eclassEntries, eq(eclassEntries.id, articles.eclassId))
    .where(and(where, numbered ? isNotNull(articles.orderNumber) : isNull(articles.orderNumber), after))
    .orderBy(...(numbered ? [asc(orderNumberKey), asc(articles.id)] : [asc(articles.id)]))
    .limit(batchSize);
}

/** Who asked for an export, as its mail names them; null when the user no longer exists. */
export async function findExportRecipient(
  db: DbOrTx,
  userId: string,
): Promise<{ email: string; name: string; lastname: string } | null> {
  const [user] = await db
    .select({ email: users.email, name: users.name, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}
