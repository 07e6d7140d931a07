import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bomLines, enquiries, enquiryBoms, offers } from '../../db/schema';
import { createCompany } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { allBomLines } from '../bom';
import { copyLinesToOffer } from './offer.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

async function offerOn(enquiryId: string, supplierId: string, customerId: string) {
  const id = randomUUID();
  await ctx.db.insert(offers).values({
    id,
    lineageId: id,
    enquiryId,
    supplierId,
    customerId,
    technicalSpec: {} as never,
    invalidated: true,
  });
  return id;
}

describe('copyLinesToOffer', () => {
  it('copies a BOM of several pieces completely, in file order, only the current generation, and keeps or resets the offer values', async () => {
    const db = ctx.db;
    const customer = await createCompany(db, { type: 'CUSTOMER' });
    const supplier = await createCompany(db, { type: 'SUPPLIER' });
    const [enquiry] = await db
      .insert(enquiries)
      .values({ customerId: customer.id, title: 'Groß', technicalSpec: {} as never })
      .returning();
    const [bom] = await db
      .insert(enquiryBoms)
      .values({
        enquiryId: enquiry!.id,
        customerId: customer.id,
        storageKey: `k-${randomUUID()}`,
        filename: 'f.csv',
        size: 1,
        headerRowIndex: 1,
        headers: [],
        linesGeneration: 7,
      })
      .returning();
    const line = (rowNumber: number, generation: number) => ({
      enquiryBomId: bom!.id,
      generation,
      rowNumber,
      quantity: rowNumber,
      orderNumber: `ON-${rowNumber}`,
      status: 'NOT_FOUND' as const,
      raw: { Bestellnummer: `ON-${rowNumber}` },
    });
    // 640 current lines (three pieces) and a stale generation that must not be copied.
    await db.insert(bomLines).values(Array.from({ length: 640 }, (_, index) => line(index + 2, 7)));
    await db.insert(bomLines).values(Array.from({ length: 5 }, (_, index) => line(index + 2, 3)));

    const first = await offerOn(enquiry!.id, supplier.id, customer.id);
    expect(await copyLinesToOffer(db, { enquiryBomId: bom!.id }, first, false)).toBe(640);
    const copied = await allBomLines(db, { offerId: first });
    expect(copied.map((row) => row.line.rowNumber)).toEqual(
      Array.from({ length: 640 }, (_, index) => index + 2),
    );
    const sources = await db
      .select({ id: bomLines.id, rowNumber: bomLines.rowNumber })
      .from(bomLines)
      .where(and(eq(bomLines.enquiryBomId, bom!.id), eq(bomLines.generation, 7)));
    const sourceByRow = new Map(sources.map((source) => [source.rowNumber, source.id]));
    expect(copied.every((row) => row.line.originLineId === sourceByRow.get(row.line.rowNumber))).toBe(true);

    // A revision keeps price, note and the edit flag, and the line of origin.
    await db
      .update(bomLines)
      .set({ pricePerPiece: 9.5, note: 'Notiz', edited: true })
      .where(eq(bomLines.id, copied[0]!.line.id));
    const second = await offerOn(enquiry!.id, supplier.id, customer.id);
    await copyLinesToOffer(db, { offerId: first }, second, true);
    const revised = await allBomLines(db, { offerId: second });
    expect(revised).toHaveLength(640);
    expect(revised[0]!.line).toMatchObject({
      pricePerPiece: 9.5,
      note: 'Notiz',
      edited: true,
      originLineId: copied[0]!.line.originLineId,
    });
    const third = await offerOn(enquiry!.id, supplier.id, customer.id);
    await copyLinesToOffer(db, { offerId: second }, third, false);
    expect((await allBomLines(db, { offerId: third }))[0]!.line).toMatchObject({
      pricePerPiece: null,
      note: null,
      edited: false,
    });
    const [rows] = await db.select({ n: count() }).from(bomLines).where(eq(bomLines.offerId, first));
    expect(Number(rows!.n)).toBe(640);
  });
});
