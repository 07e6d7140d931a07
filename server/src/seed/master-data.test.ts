import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { MANUFACTURER_KIND, searchNames } from '../modules/field-value';
import { findManufacturers } from '../modules/manufacturer';
import { createTestDatabase } from '../test/test-db';
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
    ] as const) {
      const [hit] = await searchNames(database.db, MANUFACTURER_KIND, spelling, 5);
      expect(hit?.exactMatch, spelling).toBe(true);
      const [manufacturer] = await findManufacturers(database.db, [hit!.itemId]);
      expect(manufacturer?.displayName).toBe(expected);
    }
  });
});
