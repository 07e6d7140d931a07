import { numberKey } from '@portal/domain/rules/number-key';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createTestDatabase } from '../test/test-db';
import { seedArticles } from './articles';
import { DEMO_FAMILIES, seededRandom } from './articles-catalog';
import { seedMasterData } from './master-data';

let database: Database;
let written: number;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.transaction((tx) => seedMasterData(tx));
  written = await database.db.transaction((tx) => seedArticles(tx));
}, 120_000);
afterAll(() => database.close());

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(text));
}

describe('seedArticles (demo catalog)', () => {
  // How long the seed takes is measured in bench/ (bench/README.md, "Demodaten"), not asserted here.
  it('writes a few thousand articles of every demo manufacturer', async () => {
    expect(written).toBeGreaterThan(2500);
    const perManufacturer = await query<{ name: string; n: number }>(
      sql`select m.display_name as name, count(a.id)::int as n from manufacturers m left join articles a on a.manufacturer_id = m.id group by 1`,
    );
    expect(perManufacturer.every((row) => row.n > 0)).toBe(true);
  });

  it('keeps the SPEC §5 number rules: no number twice per manufacturer, no alternative equal to a number', async () => {
    const [duplicates] = await query<{ n: number }>(sql`
      select count(*)::int as n from (
        select manufacturer_id, lower(order_number) from articles where order_number is not null group by 1, 2 having count(*) > 1
        union all
        select manufacturer_id, lower(manufacturer_number) from articles where manufacturer_number is not null group by 1, 2 having count(*) > 1
      ) d`);
    expect(duplicates?.n).toBe(0);
    const [clashes] = await query<{ n: number }>(sql`
      select count(*)::int as n from article_alternative_numbers n
      join articles owner on owner.id = n.article_id
      join articles other on other.manufacturer_id = owner.manufacturer_id
      where lower(n.number) in (lower(other.order_number), lower(other.manufacturer_number))`);
    expect(clashes?.n).toBe(0);
  });

  it('fills prices, dimensions, units, discount groups of the own manufacturer, wholesaler prices and valid EANs', async () => {
    const [row] = await query<Record<string, number>>(sql`
      select count(*) filter (where list_price is null)::int as "noPrice",
             count(*) filter (where unit_id is null)::int as "noUnit",
             count(*) filter (where discount_group_id is not null)::int as "withGroup",
             (select count(*)::int from articles a join discount_groups g on g.id = a.discount_group_id
               where g.manufacturer_id <> a.manufacturer_id) as "foreignGroup",
             (select count(distinct article_id)::int from article_wholesaler_infos) as "withWholesaler",
             (select count(*)::int from article_alternative_numbers) as alternatives
      from articles`);
    expect(row).toMatchObject({ noPrice: 0, noUnit: 0, foreignGroup: 0 });
    expect(row?.withGroup).toBeGreaterThan(1000);
    expect(row?.withWholesaler).toBeGreaterThan(500);
    expect(row?.alternatives).toBeGreaterThan(100);
    const eans = await query<{ ean: string }>(
      sql`select ean_number as ean from articles where ean_number is not null`,
    );
    for (const { ean } of eans) {
      const digits = [...ean].map(Number);
      const sum = digits
        .slice(0, 12)
        .reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
      expect((10 - (sum % 10)) % 10, ean).toBe(digits[12]);
    }
  });

  it('draws the same catalog every time (seeded)', () => {
    const draw = () => {
      const random = seededRandom(42);
      return Object.values(DEMO_FAMILIES).flatMap((families) =>
        families.map(([family]) => JSON.stringify(family(random))),
      );
    };
    expect(draw()).toEqual(draw());
    expect(new Set(draw()).size).toBeGreaterThan(20);
  });

  it('keeps distinct numbers apart on their normalised keys (migration 0019), alternatives aside', async () => {
    // Two different numbers of the catalog with one key would make a BOM line spelt either way a duplicate.
    const [counts] = await query<Record<string, number>>(sql`
      select count(distinct lower(order_number))::int as orders, count(distinct order_number_key)::int as order_keys,
        count(distinct lower(manufacturer_number))::int as numbers,
        count(distinct manufacturer_number_key)::int as number_keys
      from articles`);
    expect(counts?.order_keys).toBe(counts?.orders);
    expect(counts?.number_keys).toBe(counts?.numbers);
    const rows = await query<{ number: string; key: string }>(
      sql`select order_number as number, order_number_key as key from articles where order_number is not null`,
    );
    expect(rows.filter((row) => numberKey(row.number) !== row.key)).toEqual([]);
  });
});
