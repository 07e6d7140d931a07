import { normaliseManufacturerName } from '@portal/domain/rules/name-normaliser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/test-db';

/** portal_name_key (migration 0012) and normaliseManufacturerName are twins: the same key for every name. */
const NAMES = [
  'Weidmüller',
  'WEIDMUELLER',
  'Weidmüller GmbH & Co. KG',
  'Weidmüller Interface GmbH & Co. KG',
  'Pepperl+Fuchs',
  'Pepperl & Fuchs SE',
  'PHOENIX CONTACT GmbH & Co. KG',
  'Phoenix-Contact',
  'U.I. Lapp GmbH',
  'Schneider Électric S.A.',
  'ŁÓDŹ Kabel Sp. z o.o.',
  'ABB AG',
  'AG',
  'Rittal GmbH und Co. KG',
  '  ',
  '---',
];

describe('portal_name_key', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('gives every name the key normaliseManufacturerName gives it', async () => {
    const { rows } = await database.executeSql(
      'select v as name, portal_name_key(v) as key from unnest($1::text[]) as v',
      [NAMES],
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, row.key]))).toEqual(
      Object.fromEntries(NAMES.map((name) => [name, normaliseManufacturerName(name)])),
    );
    expect(normaliseManufacturerName('Weidmüller GmbH & Co. KG')).toBe('weidmueller');
  });
});
