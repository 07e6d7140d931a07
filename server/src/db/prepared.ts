import type { DbOrTx } from './client';

/**
 * A store of prepared statements, one per database handle and query shape, each made at its first use
 * (ARCHITECTURE §7: the query builder ran on every list request; a prepared statement is built once).
 */
export function preparedStatements<T>(): (db: DbOrTx, shape: string, prepare: () => T) => T {
  const byHandle = new WeakMap<DbOrTx, Map<string, T>>();
  return (db, shape, prepare) => {
    let statements = byHandle.get(db);
    if (!statements) {
      statements = new Map();
      byHandle.set(db, statements);
    }
    let statement = statements.get(shape);
    if (!statement) {
      statement = prepare();
      statements.set(shape, statement);
    }
    return statement;
  };
}
