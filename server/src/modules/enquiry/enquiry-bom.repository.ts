import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enquiryBoms } from '../../db/schema';

export type EnquiryBomRow = typeof enquiryBoms.$inferSelect;
export type EnquiryBomValues = Omit<typeof enquiryBoms.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function findBom(db: DbOrTx, enquiryId: string): Promise<EnquiryBomRow | null> {
  const [row] = await db.select().from(enquiryBoms).where(eq(enquiryBoms.enquiryId, enquiryId));
  return row ?? null;
}

/**
 * Stores the enquiry's BOM, replacing an earlier one (a new upload starts over: new times, no mapping, so
 * no lines shown until the mapping is saved; the old rows go with the next mapping's stale generations).
 */
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

/**
 * POST /enquiry/copy: the copy's BOM takes the matched lines of the original along (as they are, edits and
 * manual assignments included), in one statement.
 */
export async function copyBomLines(db: DbOrTx, fromBomId: string, toBomId: string): Promise<void> {
  // The copy's BOM points at generation 0 (the column default), its copied lines are that generation.
  await db.execute(sql`
    insert into bom_lines (enquiry_bom_id, generation, row_number, quantity, article_quantity, quantity_unit_name,
      quantity_unit_id, is_supplied_part, function_designation, functional_assignment, location_identifier,
      installation_location, bmk, wholesaler_order_number, order_number, manufacturer_number,
      manufacturer_name, manufacturer_id, matched_article_id, manual_replacement, status, candidate_ids,
      edited, raw, description, erp_number)
    select ${toBomId}, 0, row_number, quantity, article_quantity, quantity_unit_name,
      quantity_unit_id, is_supplied_part, function_designation, functional_assignment, location_identifier,
      installation_location, bmk, wholesaler_order_number, order_number, manufacturer_number,
      manufacturer_name, manufacturer_id, matched_article_id, manual_replacement, status, candidate_ids,
      edited, raw, description, erp_number
    from bom_lines where enquiry_bom_id = ${fromBomId}
      and generation = (select lines_generation from enquiry_boms where id = ${fromBomId})`);
}

export async function updateBomHeader(
  db: DbOrTx,
  enquiryId: string,
  values: Pick<
    EnquiryBomValues,
    'headerRowIndex' | 'headers' | 'headersKey' | 'mapping' | 'suppliedPartProposal'
  >,
): Promise<EnquiryBomRow> {
  const [row] = await db
    .update(enquiryBoms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(enquiryBoms.enquiryId, enquiryId))
    .returning();
  // Other headers: the mapping is gone, and with it the lines read with it (no mapping, no lines shown).
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
 * The most recent confirmed mapping of the company's BOMs with the header set
 * `headersKey` (one index range of enquiry_boms_customer_headers_hash_idx on the key's md5, newest first;
 * the key itself is compared too, so two keys of the same md5 never mix), or null.
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
        sql`md5(${enquiryBoms.headersKey}) = md5(${headersKey})`,
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
