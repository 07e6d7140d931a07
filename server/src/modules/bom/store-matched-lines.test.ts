import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bomLines, enquiryBoms } from '../../db/schema';
import { AppError } from '../../errors';
import { multipartForm } from '../../files/testing/multipart-form';
import { createDraft, enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import { as } from '../../test/test-app';
import type { BomFileLine } from './bom-file-lines';
import { storeMatchedLines } from './bom-lines.service';
import type { LineMatch } from './bom-match';

const world = useEnquiryWorld();
const api = enquiryApi(world);

function line(rowNumber: number): BomFileLine {
  return {
    rowNumber,
    raw: { Bestellnummer: `N-${rowNumber}` },
    values: {
      quantity: 1,
      unit: null,
      isSuppliedPart: false,
      orderNumber: `N-${rowNumber}`,
      manufacturerNumber: null,
      manufacturerName: null,
      wholesalerOrderNumber: null,
      functionDesignation: null,
      functionalAssignment: null,
      locationIdentifier: null,
      installationLocation: null,
      bmk: null,
      description: null,
      erpNumber: null,
    },
  };
}

const notFound: LineMatch = {
  status: 'NOT_FOUND',
  matchedArticleId: null,
  matchKind: null,
  suggestions: [],
  candidateIds: [],
  articleQuantity: null,
  manufacturerId: null,
  quantityUnitId: null,
};

async function bomOwner() {
  const id = await createDraft(api, world().customer);
  const upload = await as(world().ctx.app, world().customer, {
    method: 'POST',
    url: '/api/enquiry/bom/upload',
    ...multipartForm([
      { name: 'enquiryId', value: id },
      { name: 'file', filename: 'Stückliste.csv', content: Buffer.from('Menge;Bestellnummer\n1;A\n') },
    ]),
  });
  expect(upload.statusCode).toBe(200);
  const [bom] = await world().ctx.db.select().from(enquiryBoms).where(eq(enquiryBoms.enquiryId, id));
  return bom!;
}

describe('storeMatchedLines', () => {
  it('writes 250 lines in pieces and activates them in the commit', async () => {
    const bom = await bomOwner();
    const lines = Array.from({ length: 250 }, (_, index) => line(index + 2));
    await storeMatchedLines(
      world().ctx.db,
      { enquiryBomId: bom.id },
      { lines, matches: lines.map(() => notFound) },
      (_tx, activate) => activate(),
    );
    const [after] = await world().ctx.db.select().from(enquiryBoms).where(eq(enquiryBoms.id, bom.id));
    const rows = await world().ctx.db.select().from(bomLines).where(eq(bomLines.enquiryBomId, bom.id));
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((row) => row.generation))).toEqual(new Set([after!.linesGeneration]));
  });

  it('stops with 409 when a save at the same time removed its rows, and keeps the current lines', async () => {
    const bom = await bomOwner();
    const owner = { enquiryBomId: bom.id };
    const first = [line(2), line(3)];
    await storeMatchedLines(
      world().ctx.db,
      owner,
      { lines: first, matches: first.map(() => notFound) },
      (_tx, activate) => activate(),
    );
    const [current] = await world().ctx.db.select().from(enquiryBoms).where(eq(enquiryBoms.id, bom.id));

    const second = [line(2), line(3), line(4)];
    const attempt = storeMatchedLines(
      world().ctx.db,
      owner,
      { lines: second, matches: second.map(() => notFound) },
      async (tx, activate) => {
        // What the other save's stale removal does to this generation's rows before this one commits.
        await tx.delete(bomLines).where(eq(bomLines.rowNumber, 4));
        await activate();
      },
    );
    await expect(attempt).rejects.toMatchObject({ code: 'BOM_CHANGED_CONCURRENTLY' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    const [after] = await world().ctx.db.select().from(enquiryBoms).where(eq(enquiryBoms.id, bom.id));
    expect(after!.linesGeneration).toBe(current!.linesGeneration);
    const rows = await world().ctx.db.select().from(bomLines).where(eq(bomLines.enquiryBomId, bom.id));
    expect(rows.map((row) => row.rowNumber).sort()).toEqual([2, 3]);
  });
});
