import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bomLines, enquiryBoms } from '../../db/schema';
import { AppError } from '../../errors';
import { createDraft, enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import { createTestDatabase } from '../../test/test-db';
import { MAX_BOM_LINES } from './bom-file-lines';
import { storeBomFileLines } from './bom-lines.service';

/**
 * storeBomFileLines reads a BOM file in pieces and, while one piece is read, matches the one before, adds
 * the suggestions of the one before that and writes the one before that into a new generation. What the
 * overlap must not change: every line is stored with its own match in file order, a file past MAX_BOM_LINES
 * is still refused, a failure of any step ends the whole save with that failure (no rejection left
 * unhandled, which would end the process), and the owner keeps its lines whenever the save fails.
 */

const world = useEnquiryWorld();
const api = enquiryApi(world);

beforeAll(async () => {
  await world().ctx.database.executeSql(
    `with m as (insert into manufacturers (display_name) values ('Stücklistentest') returning id)
     insert into articles (manufacturer_id, order_number) select m.id, 'RM-' || n from m, generate_series(1, 600) n`,
    [],
  );
});

const MAPPING = [
  { importHeader: 'Menge', bomField: 'quantity' as const },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' as const },
];
const OPTIONS = { headerRowIndex: 1, mapping: MAPPING, suppliedPartText: null, embedded: false };

/** A draft's BOM row (its uploaded file is not read here) and a stored CSV of `lines` lines to read. */
async function bomWithFile(lines: number, number: (row: number) => string) {
  const id = await createDraft(api, world().customer);
  const upload = await api.uploadBom(
    world().customer,
    id,
    'Stückliste.csv',
    Buffer.from('Menge;Bestellnummer\n1;A\n'),
  );
  expect(upload.statusCode).toBe(200);
  const [bom] = await world().ctx.db.select().from(enquiryBoms).where(eq(enquiryBoms.enquiryId, id));
  const text = ['Menge;Bestellnummer', ...Array.from({ length: lines }, (_, i) => `2;${number(i + 1)}`)];
  const storageKey = `store-test-${id}`;
  await world().ctx.files.save(storageKey, Readable.from([Buffer.from(text.join('\n'))]));
  return { owner: { enquiryBomId: bom!.id }, file: { storageKey, filename: 'Stückliste.csv' } };
}

async function storedLines(enquiryBomId: string) {
  const [bom] = await world().ctx.db.select().from(enquiryBoms).where(eq(enquiryBoms.id, enquiryBomId));
  const rows = await world()
    .ctx.db.select()
    .from(bomLines)
    .where(eq(bomLines.enquiryBomId, enquiryBomId))
    .orderBy(asc(bomLines.rowNumber));
  return { generation: bom!.linesGeneration, rows };
}

type Commit = Parameters<typeof storeBomFileLines>[5];
const activateOnly: Commit = (_tx, activate) => activate();

type Owner = Parameters<typeof storeBomFileLines>[4];
type File = Parameters<typeof storeBomFileLines>[2];
const store = (file: File, owner: Owner, commit: Commit = activateOnly) =>
  storeBomFileLines(world().ctx.db, world().ctx.files, file, OPTIONS, owner, commit);

/** The save ends with 409 BOM_CHANGED_CONCURRENTLY and the owner keeps the lines it had. */
async function expectRefusedKeepingLines(
  attempt: Promise<unknown>,
  owner: { enquiryBomId: string },
  before: unknown,
) {
  await expect(attempt).rejects.toMatchObject({ code: 'BOM_CHANGED_CONCURRENTLY' });
  await expect(attempt).rejects.toBeInstanceOf(AppError);
  expect(await storedLines(owner.enquiryBomId)).toEqual(before);
}

/** A draft's BOM with two stored lines, and those lines as stored. */
async function bomWithStoredLines() {
  const { owner, file } = await bomWithFile(2, (row) => `RM-${row}`);
  await store(file, owner);
  return { owner, before: await storedLines(owner.enquiryBomId) };
}

describe('storing the lines of a BOM file', () => {
  it.each([
    ['overlapping across pieces', false],
    ['one piece after the other (embedded database)', true],
  ])('stores every line with its own match, in file order, %s', async (_name, embedded) => {
    // 1,100 lines: five pieces; every second number is in the catalog.
    const { owner, file } = await bomWithFile(1100, (row) =>
      row % 2 === 0 ? `RM-${row / 2}` : `UNBEKANNT-${row}`,
    );
    await storeBomFileLines(
      world().ctx.db,
      world().ctx.files,
      file,
      { ...OPTIONS, embedded },
      owner,
      (_tx, activate) => activate(),
    );
    const { generation, rows } = await storedLines(owner.enquiryBomId);
    expect(rows.map((row) => row.rowNumber)).toEqual(Array.from({ length: 1100 }, (_, i) => i + 2));
    expect(new Set(rows.map((row) => row.generation))).toEqual(new Set([generation]));
    expect(rows.map((row) => [row.orderNumber, row.status])).toEqual(
      Array.from({ length: 1100 }, (_, i) =>
        (i + 1) % 2 === 0 ? [`RM-${(i + 1) / 2}`, 'MATCHED'] : [`UNBEKANNT-${i + 1}`, 'NOT_FOUND'],
      ),
    );
  });

  it('still refuses a file past the line limit and keeps the lines stored before', async () => {
    const { owner, file } = await bomWithFile(3, (row) => `RM-${row}`);
    await storeBomFileLines(world().ctx.db, world().ctx.files, file, OPTIONS, owner, (_tx, activate) =>
      activate(),
    );
    const before = await storedLines(owner.enquiryBomId);
    const tooMany = await bomWithFile(MAX_BOM_LINES + 1, (row) => `RM-${(row % 600) + 1}`);
    await expect(
      storeBomFileLines(world().ctx.db, world().ctx.files, tooMany.file, OPTIONS, owner, (_tx, activate) =>
        activate(),
      ),
    ).rejects.toMatchObject({ code: 'BOM_TOO_MANY_LINES' });
    expect(await storedLines(owner.enquiryBomId)).toEqual(before);
  });

  it('ends with the database failure of a piece while the next is read, and leaves nothing unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const { owner, file } = await bomWithFile(800, (row) => `RM-${row}`);
    // A database that is gone: every statement fails, as after a connection ends.
    const closed = await createTestDatabase();
    await closed.close();
    try {
      await expect(
        storeBomFileLines(closed.db, world().ctx.files, file, OPTIONS, owner, (_tx, activate) => activate()),
      ).rejects.toThrow();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('stops with 409 when a save at the same time removed its rows, and keeps the current lines', async () => {
    const { owner, before } = await bomWithStoredLines();
    const second = await bomWithFile(3, (row) => `RM-${row}`);
    const attempt = store(second.file, owner, async (tx, activate) => {
      // What the other save's stale removal does to this generation's rows before this one commits.
      await tx
        .delete(bomLines)
        .where(and(eq(bomLines.enquiryBomId, owner.enquiryBomId), eq(bomLines.rowNumber, 4)));
      await activate();
    });
    await expectRefusedKeepingLines(attempt, owner, before);
  });

  it('stops with 409 when a matched article is removed before its line is written, and keeps the lines', async () => {
    const { owner, before } = await bomWithStoredLines();
    const second = await bomWithFile(3, (row) => `RM-${597 + row}`);
    // What an operator deleting RM-599 between its matching and the write of its line does.
    const sql = (text: string) => world().ctx.database.executeSql(text, []);
    await sql(`create function remove_matched_article() returns trigger language plpgsql as $$
      begin delete from articles where id = new.matched_article_id and order_number = 'RM-599'; return new; end $$`);
    await sql(`create trigger remove_matched_article before insert on bom_lines
      for each row execute function remove_matched_article()`);
    try {
      await expectRefusedKeepingLines(store(second.file, owner), owner, before);
    } finally {
      await sql('drop trigger remove_matched_article on bom_lines');
      await sql('drop function remove_matched_article()');
    }
  });
});
