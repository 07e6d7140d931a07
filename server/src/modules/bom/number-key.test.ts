import { NUMBER_SEPARATORS, numberKey } from '@portal/domain/rules/number-key';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/test-db';

/**
 * The generated key columns of migration 0019 and numberKey (domain/rules/number-key.ts) are twins: the same
 * key for every number, whatever the database's locale.
 */

// Letters of many scripts and cases, digits, separators and their look-alikes, and any other code point.
const interesting = [
  ...'AZaz09ÄÖÜäöüßẞÉéÅåŁłİıΣσςЖж,+()#*\'"\\%\r\n\u2013\u2010\u2009\u202f\u3000',
  ...NUMBER_SEPARATORS,
];
const char = fc.oneof(
  fc.constantFrom(...interesting),
  fc
    .integer({ min: 1, max: 0x10ffff })
    .filter((code) => code < 0xd800 || code > 0xdfff)
    .map((code) => String.fromCodePoint(code)),
);
const NUMBERS = [
  '3RT2015-1BB41',
  '3RT2015 1BB41',
  '3rt2015.1bb41',
  '1060.500',
  'SZ 2500.000',
  'ÖLFLEX CLASSIC 110 3G1,5',
  ...fc.sample(
    fc.array(char, { minLength: 1, maxLength: 24 }).map((chars) => chars.join('')),
    { numRuns: 2000, seed: 27 },
  ),
];

describe('number key columns (migration 0019)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('stores for every number the key numberKey computes, in all three columns', async () => {
    const { rows: manufacturer } = await database.executeSql(
      `insert into manufacturers (display_name) values ('Schlüsseltest') returning id`,
      [],
    );
    const manufacturerId = manufacturer[0]?.id as string;
    const { rows } = await database.executeSql(
      `with a as (
         insert into articles (manufacturer_id, order_number, manufacturer_number)
         select $2::uuid, v, v from unnest($1::text[]) as v returning id, order_number, order_number_key,
           manufacturer_number_key
       ), n as (
         insert into article_alternative_numbers (article_id, kind, number)
         select id, 'ORDER', order_number from a returning article_id, number_key
       )
       select a.order_number as number, a.order_number_key, a.manufacturer_number_key, n.number_key
       from a join n on n.article_id = a.id`,
      [NUMBERS, manufacturerId],
    );
    expect(rows).toHaveLength(NUMBERS.length);
    const mismatches = rows.filter((row) => {
      const key = numberKey(row.number as string);
      return row.order_number_key !== key || row.manufacturer_number_key !== key || row.number_key !== key;
    });
    expect(mismatches).toEqual([]);
  });
});
