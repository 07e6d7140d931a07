import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { EmbeddedDatabaseUnavailableError, isDatabaseUnavailable } from './connection-errors';

/** An error as node-postgres builds it from a server message or a socket failure. */
function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe('which failures mean "the database is away for a moment" (503)', () => {
  it.each([
    [
      'a connection ended by a restart (57P01)',
      pgError('terminating connection due to administrator command', '57P01'),
    ],
    [
      'a crash of the server (57P02)',
      pgError('terminating connection because of crash of another server process', '57P02'),
    ],
    ['a server starting up (57P03)', pgError('the database system is starting up', '57P03')],
    [
      'too many connections right after a restart (53300)',
      pgError('sorry, too many clients already', '53300'),
    ],
    ['a connection exception (class 08)', pgError('connection failure', '08006')],
    ['a refused connection', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', pgError('read ECONNRESET', 'ECONNRESET')],
    ['a write to a closed socket', pgError('write EPIPE', 'EPIPE')],
    ['a dropped connection', pgError('Connection terminated unexpectedly')],
    ['a connection that timed out', pgError('Connection terminated due to connection timeout')],
    [
      'a connection that already failed',
      pgError('Client has encountered a connection error and is not queryable'),
    ],
    ['no free connection in time', pgError('timeout exceeded when trying to connect')],
    [
      'the embedded database’s thread overloaded (pglite-thread.ts)',
      new DrizzleQueryError(
        'select 1',
        [],
        new EmbeddedDatabaseUnavailableError(
          'Die eingebettete Datenbank ist überlastet: mehr als 64 Abfragen warten.',
        ),
      ),
    ],
    [
      'a driver error wrapped by Drizzle',
      new DrizzleQueryError(
        'select 1',
        [],
        pgError('terminating connection due to administrator command', '57P01'),
      ),
    ],
    [
      'a refused connect to every address of the host',
      new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ],
    [
      'a cause two levels down',
      new Error('Anmeldung fehlgeschlagen', { cause: new Error('x', { cause: pgError('y', '57P01') }) }),
    ],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value violates unique constraint', '23505')],
    ['text the database cannot store', pgError('invalid byte sequence for encoding "UTF8": 0x00', '22021')],
    [
      'a statement cancelled on purpose (import abort)',
      pgError('canceling statement due to user request', '57014'),
    ],
    ['a syntax error of the portal', pgError('syntax error at or near "selec"', '42601')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      'a wrapped programming error',
      new DrizzleQueryError('select 1', [], pgError('division by zero', '22012')),
    ],
    ['a pool ended at shutdown', pgError('Cannot use a pool after calling end on the pool')],
    ['no error at all', undefined],
    ['a string', 'ECONNRESET'],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('is not fooled by an error that is its own cause', () => {
    const looped = new Error('Schleife') as Error & { cause?: unknown };
    looped.cause = looped;
    expect(isDatabaseUnavailable(looped)).toBe(false);
  });
});
