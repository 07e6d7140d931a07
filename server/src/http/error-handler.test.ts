import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/test-db';
import { installErrorHandlers } from './error-handler';

/**
 * The safety net behind the request schemas (ASVS 2.2.1): should a NUL ever get past them to the database,
 * or a name past the file name rules to the disk, the answer is still a 400 in German, not a 500.
 */
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  installErrorHandlers(app);
  app.get('/text', async () => database.db.execute(sql`select ${'a\u0000b'}::text as value`));
  app.get('/name', async () => stat(path.join(os.tmpdir(), 'ä'.repeat(199))));
  app.get('/fault', async () => {
    throw new Error('Programmfehler');
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the error handler', () => {
  it('answers text the database cannot store and names the disk refuses with 400', async () => {
    for (const url of ['/text', '/name']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION',
        message: 'Die Eingabe enthält Zeichen oder einen Namen, die nicht gespeichert werden können.',
      });
    }
  });

  it('still answers its own faults with 500', async () => {
    expect((await app.inject({ method: 'GET', url: '/fault' })).statusCode).toBe(500);
  });
});
