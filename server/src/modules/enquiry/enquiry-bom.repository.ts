import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enquiryBoms } from '../../db/schema';

export type EnquiryBomRow = typeof enquiryBoms.$inferSelect;
export type EnquiryBomValues = Omit<typeof enquiryBoms.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function findBom(db: DbOrTx, enquiryId: string): Promise<EnquiryBomRow | null> {
  const [row] = await db.select().from(enquiryBoms).where(eq(enquiryBoms.enquiryId, enquiryId));
  return row ?? null;
}

/** Stores the enquiry's BOM, replacing an earlier one (a new upload starts over: new times, no mapping). */
export async function replaceBom(db: DbOrTx, values: EnquiryBomValues): Promise<EnquiryBomRow> {
  const now = new Date();
  const [row] = await db
    .insert(enquiryBoms)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: enquiryBoms.enquiryId,
      set: { ...values, createdAt: now, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function updateBomHeader(
  db: DbOrTx,
  enquiryId: string,
  values: Pick<EnquiryBomValues, 'headerRowIndex' | 'headers' | 'headersKey' | 'mapping'>,
): Promise<EnquiryBomRow> {
  const [row] = await db
    .update(enquiryBoms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(enquiryBoms.enquiryId, enquiryId))
    .returning();
  return row!;
}

/** POST /map: the confirmed mapping and supplied-part text (headers_key written again for older rows). */
export async function updateBomMapping(
  db: DbOrTx,
  enquiryId: string,
  values: Pick<EnquiryBomValues, 'mapping' | 'suppliedPartText' | 'headersKey'>,
): Promise<EnquiryBomRow> {
  const [row] = await db
    .update(enquiryBoms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(enquiryBoms.enquiryId, enquiryId))
    .returning();
  return row!;
}

/**
 * Issue 13, point 2: the most recent confirmed mapping of the company's BOMs with the header set
 * `headersKey` (one index range of enquiry_boms_customer_headers_idx, newest first), or null.
 */
export async function findLastMapping(
  db: DbOrTx,
  customerId: string,
  headersKey: string,
): Promise<EnquiryBomRow['mapping']> {
  const [row] = await db
    .select({ mapping: enquiryBoms.mapping })
    .from(enquiryBoms)
    .where(
      and(
        eq(enquiryBoms.customerId, customerId),
        eq(enquiryBoms.headersKey, headersKey),
        isNotNull(enquiryBoms.mapping),
      ),
    )
    .orderBy(desc(enquiryBoms.updatedAt))
    .limit(1);
  return row?.mapping ?? null;
}

export async function deleteBom(db: DbOrTx, enquiryId: string): Promise<void> {
  await db.delete(enquiryBoms).where(eq(enquiryBoms.enquiryId, enquiryId));
}
