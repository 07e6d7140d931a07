import type { QueryOptions, Results } from '@electric-sql/pglite';

/**
 * What the main thread (pglite-thread.ts) and the PGlite worker (pglite-worker.ts) say to each other. Only
 * structured-cloneable data crosses: PGlite's type parsers are functions, so the main thread names the type
 * ids it wants as text and parses those values itself.
 */

/**
 * Each operation that waits for the single connection has a slot in a shared Int32Array. The worker
 * claims it (QUEUED -> STARTED) when it begins the operation, the main thread gives up waiting
 * (QUEUED -> CANCELLED) when it waited too long; one compare-and-swap decides which happened, so an
 * operation answered 503 never runs afterwards, and one that began is never answered 503.
 */
export const SLOT_FREE = 0;
export const SLOT_QUEUED = 1;
export const SLOT_STARTED = 2;
export const SLOT_CANCELLED = 3;

export interface WorkerSetup {
  /** Undefined: in memory. */
  dataDir: string | undefined;
  slots: SharedArrayBuffer;
}

export interface QueryWire {
  text: string;
  params: unknown[];
  rowMode: 'array' | 'object' | undefined;
  /** Type ids whose values come back as text, for the caller's own parsers. */
  rawTypes: number[];
  paramTypes: number[] | undefined;
  /** COPY … FROM '/dev/blob' data, transferred. */
  blob: ArrayBuffer | undefined;
}

export type Operation =
  | ({ kind: 'query' } & QueryWire)
  | { kind: 'exec'; text: string; rowMode: 'array' | 'object' | undefined; rawTypes: number[] }
  /**
   * Opens a transaction that holds the connection until `end` with the same id. `background`: work that
   * gives way to requests (an import's chunk), see pglite-worker.ts.
   */
  | { kind: 'begin'; background: boolean }
  | { kind: 'end'; commit: boolean }
  | { kind: 'listen'; channel: string }
  | { kind: 'unlisten'; channel: string }
  | { kind: 'close' };

export interface Request {
  id: number;
  operation: Operation;
  /** The transaction the operation belongs to: it runs on the connection that transaction holds. */
  txId: number | undefined;
  /** The slot of an operation that waits its turn for the connection (none for operations in a transaction). */
  slot: number | undefined;
}

/** A PGlite error with the fields callers read (`code`, `detail`, `constraint`, …) as plain data. */
export interface WireError {
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, string | number | boolean | null>;
}

export type Reply =
  | { id: number; result: unknown }
  | { id: number; error: WireError }
  /** The operation had been given up by the main thread before its turn; its slot is free again. */
  | { id: number; skipped: true };

export type WorkerEvent =
  | { ready: true }
  | { failed: WireError }
  | { notification: { channel: string; payload: string } }
  | Reply;

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error))
    return { name: 'Error', message: String(error), stack: undefined, fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value as WireError['fields'][string];
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

export function fromWireError(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.fields);
  error.name = wire.name;
  if (wire.stack) error.stack = wire.stack;
  return error;
}

/** The type ids the caller has parsers for: the worker leaves their values as text. */
export function rawTypes(options: QueryOptions): number[] {
  return options.parsers ? Object.keys(options.parsers).map(Number) : [];
}

/** Applies the caller's parsers to the values the worker left as text. */
export function parseRaw(result: Results, options: QueryOptions): void {
  const parsers = options.parsers;
  if (!parsers || result.rows.length === 0) return;
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = options.rowMode === 'array' ? index : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (typeof value === 'string')
        row[key] = (parse as (text: string, typeId: number) => unknown)(value, field.dataTypeID);
    }
  });
}

/**
 * A Blob whose bytes are `bytes` themselves, for COPY … FROM '/dev/blob': PGlite reads the blob with
 * `arrayBuffer()` alone. A real Blob holds a copy of its own outside the JavaScript heap that the garbage
 * collector does not count (it counts ArrayBuffers), so a catalog import's COPY data piled up on the PGlite
 * thread, some 80 MB of it between two collections (bench/README.md "Wer die Spitze hält").
 */
export function bytesBlob(bytes: ArrayBuffer): Blob {
  return Object.assign(new Blob([]), { arrayBuffer: async () => bytes });
}
