import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('session settings', () => {
  it('every session runs without JIT and with the threshold of the BOM suggestions', async () => {
    // Several at once: on PostgreSQL each may run on a connection of its own.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        database.executeSql(
          `select similarity('3rt20151bb41', '3rt20151bb42') > 0 as loaded,
             current_setting('jit') as jit, current_setting('pg_trgm.similarity_threshold') as threshold`,
        ),
      ),
    );
    for (const { rows } of settings) expect(rows).toEqual([{ loaded: true, jit: 'off', threshold: '0.5' }]);
  });

  it('the `%` operator keeps only numbers at least half alike', async () => {
    // Similarity 0.73 and 0.44: pg_trgm's default threshold 0.3 would keep both.
    const { rows } = await database.executeSql(
      `select '3rt20151bb41' % '3rt20151bb42' as typo, '3rt20151bb41' % '3rt20159xx41' as other`,
    );
    expect(rows).toEqual([{ typo: true, other: false }]);
  });
});
