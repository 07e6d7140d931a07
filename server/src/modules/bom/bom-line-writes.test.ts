import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { bomLines, enquiryBoms } from '../../db/schema';
import { createDraft, enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import type { BomFileLine } from './bom-file-lines';
import { countGeneration, newLineGeneration, writeLines } from './bom-line-writes.repository';
import type { LineMatch } from './bom-match';

/**
 * writeLines on the embedded database writes without the foreign keys' row triggers and checks the
 * references itself: a line whose article went away after matching is left out (the count check before
 * activation then refuses the save), and the keys hold again for every later statement. On PostgreSQL the
 * keys check each row.
 */

const world = useEnquiryWorld();
const api = enquiryApi(world);
let articleId: string;

beforeAll(async () => {
  const [article] = rowsOf<{ id: string }>(
    await world().ctx.db.execute(sql`
      with m as (insert into manufacturers (display_name) values ('Schreibtest') returning id)
      insert into articles (manufacturer_id, order_number) select m.id, 'SCHREIB-1' from m returning id`),
  );
  articleId = article!.id;
});

async function enquiryBomOwner() {
  const id = await createDraft(api, world().customer);
  const upload = await api.uploadBom(world().customer, id, 'Stückliste.csv', Buffer.from('Menge;Nr\n1;A\n'));
  expect(upload.statusCode).toBe(200);
  const [bom] = await world().ctx.db.select().from(enquiryBoms).where(eq(enquiryBoms.enquiryId, id));
  return { enquiryBomId: bom!.id };
}

function line(rowNumber: number, orderNumber: string): BomFileLine {
  return {
    rowNumber,
    raw: { Menge: '1', Nr: orderNumber },
    values: {
      quantity: 1,
      unit: null,
      isSuppliedPart: false,
      orderNumber,
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

const matched = (id: string): LineMatch => ({
  status: 'MATCHED',
  matchedArticleId: id,
  matchKind: 'EXACT',
  candidateIds: [],
  articleQuantity: 1,
  manufacturerId: null,
  quantityUnitId: null,
  suggestions: [],
});

describe('writing a generation of BOM lines', () => {
  it('on the embedded database leaves out a line whose article is gone; on PostgreSQL the key refuses it', async () => {
    const owner = await enquiryBomOwner();
    const generation = newLineGeneration();
    const gone = randomUUID();
    const write = (embedded: boolean) =>
      writeLines(
        world().ctx.db,
        owner,
        generation,
        [line(2, 'SCHREIB-1'), line(3, 'WEG-1')],
        [matched(articleId), matched(gone)],
        { embedded },
      );
    if (world().ctx.database.kind === 'pglite') {
      await write(true);
      expect(await countGeneration(world().ctx.db, owner, generation)).toBe(1);
      const [row] = await world()
        .ctx.db.select()
        .from(bomLines)
        .where(eq(bomLines.enquiryBomId, owner.enquiryBomId));
      expect(row).toMatchObject({ rowNumber: 2, matchedArticleId: articleId, generation });
      // The triggers were off for that transaction only: the key refuses the missing article again.
      await expect(write(false)).rejects.toThrow();
      const [role] = rowsOf<{ session_replication_role: string }>(
        await world().ctx.db.execute(sql`show session_replication_role`),
      );
      expect(role?.session_replication_role).toBe('origin');
    } else {
      await expect(write(false)).rejects.toThrow();
      expect(await countGeneration(world().ctx.db, owner, generation)).toBe(0);
    }
  });

  it('on the embedded database writes nothing for an owner that is gone', async () => {
    const generation = newLineGeneration();
    const owner = { enquiryBomId: randomUUID() };
    const embedded = world().ctx.database.kind === 'pglite';
    const written = writeLines(
      world().ctx.db,
      owner,
      generation,
      [line(2, 'SCHREIB-1')],
      [matched(articleId)],
      {
        embedded,
      },
    );
    if (embedded) await written;
    else await expect(written).rejects.toThrow();
    expect(await countGeneration(world().ctx.db, owner, generation)).toBe(0);
  });
});
