import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createLocalStorage } from '../../files/local-storage';
import type { FileStorage } from '../../files/storage';
import { createTestDatabase } from '../../test/test-db';
import { MAX_BOM_LINES } from './bom-file-lines';
import { readAndMatchBom } from './bom-lines.service';

/**
 * readAndMatchBom matches one piece of a BOM file while it reads the next. What the overlap must not change:
 * every line comes back with its own match in file order, a file past MAX_BOM_LINES is still refused, and a
 * failure on either side ends the whole read with that failure (no rejection left unhandled, which would end
 * the process).
 */

let database: Database;
let storage: FileStorage;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'read-and-match-'));
  storage = createLocalStorage(dir);
  await database.executeSql(
    `with m as (insert into manufacturers (display_name) values ('Stücklistentest') returning id)
     insert into articles (manufacturer_id, order_number) select m.id, 'RM-' || n from m, generate_series(1, 600) n`,
    [],
  );
});

afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

const MAPPING = [
  { importHeader: 'Menge', bomField: 'quantity' as const },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' as const },
];

async function storeCsv(name: string, lines: number, number: (row: number) => string) {
  const text = ['Menge;Bestellnummer', ...Array.from({ length: lines }, (_, i) => `2;${number(i + 1)}`)];
  await storage.save(name, Readable.from([Buffer.from(text.join('\n'))]));
  return { storageKey: name, filename: `${name}.csv` };
}

const read = (file: { storageKey: string; filename: string }) =>
  readAndMatchBom(database.db, storage, file, {
    headerRowIndex: 1,
    mapping: MAPPING,
    suppliedPartText: null,
  });

describe('reading and matching a BOM file piece by piece', () => {
  it('returns every line with its own match, in file order, across several pieces', async () => {
    // 1,100 lines: five pieces; every second number is in the catalog.
    const file = await storeCsv('order', 1100, (row) =>
      row % 2 === 0 ? `RM-${row / 2}` : `UNBEKANNT-${row}`,
    );
    const { lines, matches } = await read(file);
    expect(lines).toHaveLength(1100);
    expect(matches).toHaveLength(1100);
    expect(lines.map((line) => line.rowNumber)).toEqual(Array.from({ length: 1100 }, (_, i) => i + 2));
    expect(matches.map((match) => match.status)).toEqual(
      Array.from({ length: 1100 }, (_, i) => ((i + 1) % 2 === 0 ? 'MATCHED' : 'NOT_FOUND')),
    );
  });

  it('still refuses a file past the line limit', async () => {
    const file = await storeCsv('too-many', MAX_BOM_LINES + 1, (row) => `RM-${(row % 600) + 1}`);
    await expect(read(file)).rejects.toMatchObject({ code: 'BOM_TOO_MANY_LINES' });
  });

  it('ends with the database failure of a piece while the next is read, and leaves nothing unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const file = await storeCsv('failing', 800, (row) => `RM-${row}`);
    // A database that is gone: every statement of the matching fails, as after a connection ends.
    const closed = await createTestDatabase();
    await closed.close();
    try {
      await expect(
        readAndMatchBom(closed.db, storage, file, {
          headerRowIndex: 1,
          mapping: MAPPING,
          suppliedPartText: null,
        }),
      ).rejects.toThrow();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
