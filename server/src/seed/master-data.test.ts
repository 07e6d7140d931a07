import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { MANUFACTURER_KIND, searchNames } from '../modules/field-value';
import { findManufacturers } from '../modules/manufacturer';
import { createTestDatabase } from '../test/test-db';
import { EPLAN_MANUFACTURER_CODES } from './eplan-manufacturer-codes';
import { seedMasterData } from './master-data';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('seedMasterData', () => {
  it('seeds field values whose BOM spellings find the manufacturer', async () => {
    await database.db.transaction((tx) => seedMasterData(tx));
    for (const [spelling, expected] of [
      ['PXC', 'Phoenix Contact'],
      ['PHOENIX CONTACT', 'Phoenix Contact'],
      ['weidmueller', 'Weidmüller'],
      ['Moeller', 'Eaton'],
      // EPLAN's manufacturer codes (eplan-manufacturer-codes.ts)
      ['PHO', 'Phoenix Contact'],
      ['SIE', 'Siemens'],
      ['RIT', 'Rittal'],
      ['WAG', 'WAGO'],
      ['MUR', 'Murrelektronik'],
      ['LAP', 'Lapp'],
      ['ETN', 'Eaton'],
      ['SE', 'Schneider Electric'],
      ['WEI', 'Weidmüller'],
      ['ABB', 'ABB'],
      ['FIN', 'Finder'],
      ['HAG', 'Hager'],
      ['PIZ', 'Pilz'],
      ['ICO', 'Icotek'],
    ] as const) {
      const [hit] = await searchNames(database.db, MANUFACTURER_KIND, spelling, 5);
      expect(hit?.exactMatch, spelling).toBe(true);
      const [manufacturer] = await findManufacturers(database.db, [hit!.itemId]);
      expect(manufacturer?.displayName).toBe(expected);
    }
  });
});

describe('the EPLAN manufacturer codes', () => {
  it("are the operator's CSV file, row by row", () => {
    const rows = readFileSync(path.join(import.meta.dirname, 'eplan-manufacturer-codes.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((row) => row.split(';'));
    expect(rows).toEqual(EPLAN_MANUFACTURER_CODES.map(([code, name]) => [code, name]));
  });

  it('name each code once', () => {
    const codes = EPLAN_MANUFACTURER_CODES.map(([code]) => code.toLowerCase());
    expect(new Set(codes).size).toBe(codes.length);
  });
});
