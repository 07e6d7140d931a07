import type { QueryOptions, Results } from '@electric-sql/pglite';
import { startWorker } from '../threads/start-worker';
import { EmbeddedDatabaseUnavailableError } from './connection-errors';
import {
  fromWireError,
  type Operation,
  parseRaw,
  type Request,
  rawTypes,
  SLOT_CANCELLED,
  SLOT_FREE,
  SLOT_QUEUED,
  type WorkerEvent,
  type WorkerSetup,
} from './pglite-messages';

/** The part of a PGlite transaction that drizzle-orm's pglite driver and the bulk session use. */
export interface PgliteTx {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
}

/** The part of PGlite the database on it uses: PGlite itself, or the client of its thread below. */
export interface PgliteClient extends PgliteTx {
  /** `background`: work that may wait its turn however long (imports), never refused as overload. */
  transaction<T>(callback: (tx: PgliteTx) => Promise<T>, options?: { background?: boolean }): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface PgliteThreadOptions {
  /**
   * Operations that may wait for the connection at once; one more is refused at once (503). Large enough
   * that a hundred open connections each with a query waiting are served, not refused: a refusal there
   * only makes the client ask again at once, and the refusals cost the thread that serves the answers.
   */
  maxWaiting?: number;
  /**
   * An operation that waited this long for the connection is refused (503) instead of run. Not shorter: on
   * a small machine busy with other work a request's transaction can hold the connection over a second
   * while its next query waits for the event loop, and a refusal then helps nobody; a real overload fills
   * `maxWaiting` and is refused at once. Well under the 10 s after which clients give up.
   */
  maxWaitMs?: number;
}

export interface PgliteThread extends PgliteClient {
  /** Operations waiting for the connection, and whether one holds it now. */
  stats(): { waiting: number; busy: boolean };
}

const SLOT_COUNT = 1024;
const SWEEP_MS = 100;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  slot: number | undefined;
  since: number;
  patient: boolean;
  /** Answered 503 by the main thread; the worker's `skipped` frees its slot. */
  given: boolean;
}

/**
 * PGlite on a worker thread of its own (pglite-worker.ts), behind the part of PGlite's API that drizzle
 * and the bulk session call. Type parsers are functions and cannot cross: values of the types the caller
 * has parsers for come back as text and are parsed here. Operations waiting for the one connection are
 * counted; too many, or one waiting too long, are refused with an error the error handler answers 503.
 */
export async function startPgliteThread(
  dataDir: string | undefined,
  { maxWaiting = 256, maxWaitMs = 5000 }: PgliteThreadOptions = {},
): Promise<PgliteThread> {
  const slotBuffer = new SharedArrayBuffer(SLOT_COUNT * Int32Array.BYTES_PER_ELEMENT);
  const slots = new Int32Array(slotBuffer);
  const freeSlots = Array.from({ length: SLOT_COUNT }, (_, index) => SLOT_COUNT - 1 - index);
  const pending = new Map<number, Pending>();
  /** Operations sent to wait for the connection and not yet seen started, oldest first. */
  const inLine = new Set<Pending>();
  const channels = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let gone: Error | null = null;
  let sweeper: NodeJS.Timeout | undefined;
  let started: { resolve(): void; reject(error: Error): void } | null = null;

  const worker = startWorker('pglite-worker.js', new URL('./pglite-worker.ts', import.meta.url), {
    dataDir,
    slots: slotBuffer,
  } satisfies WorkerSetup);
  const ready = new Promise<void>((resolve, reject) => {
    started = { resolve, reject };
  });

  function lose(error: Error): void {
    gone ??= error;
    started?.reject(error);
    for (const entry of pending.values()) if (!entry.given) entry.reject(gone);
    pending.clear();
    inLine.clear();
    clearInterval(sweeper);
  }

  worker.on('message', (event: WorkerEvent) => {
    if ('ready' in event) {
      started?.resolve();
      started = null;
    } else if ('failed' in event) {
      lose(fromWireError(event.failed));
    } else if ('notification' in event) {
      for (const callback of channels.get(event.notification.channel) ?? [])
        callback(event.notification.payload);
    } else {
      const entry = pending.get(event.id);
      if (!entry) return;
      pending.delete(event.id);
      if (entry.slot !== undefined) {
        inLine.delete(entry);
        Atomics.store(slots, entry.slot, SLOT_FREE);
        freeSlots.push(entry.slot);
      }
      if (entry.given) return;
      if ('error' in event) entry.reject(fromWireError(event.error));
      else if ('skipped' in event) entry.reject(overloaded('eine Abfrage hat zu lange gewartet'));
      else entry.resolve(event.result);
    }
  });
  worker.on('error', (error) => lose(unavailable(`ist ausgefallen: ${error.message}`)));
  worker.on('exit', () => lose(unavailable('ist beendet')));
  await ready;

  /** Forgets operations the worker has begun; gives up (503) on those that waited longer than allowed. */
  function sweep(): void {
    const now = Date.now();
    for (const entry of inLine) {
      const slot = entry.slot!;
      if (Atomics.load(slots, slot) !== SLOT_QUEUED) {
        inLine.delete(entry);
      } else if (
        !entry.patient &&
        now - entry.since > maxWaitMs &&
        Atomics.compareExchange(slots, slot, SLOT_QUEUED, SLOT_CANCELLED) === SLOT_QUEUED
      ) {
        inLine.delete(entry);
        entry.given = true;
        entry.reject(overloaded(`eine Abfrage hat länger als ${maxWaitMs / 1000} s gewartet`));
      }
    }
    if (inLine.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }

  function send(
    operation: Operation,
    txId: number | undefined,
    { patient = false, transfer = [] as ArrayBuffer[], id = nextId++ } = {},
  ): Promise<unknown> {
    if (gone) return Promise.reject(gone);
    let slot: number | undefined;
    if (txId === undefined) {
      sweep();
      if (!patient && inLine.size >= maxWaiting)
        return Promise.reject(overloaded(`mehr als ${maxWaiting} Abfragen warten`));
      slot = freeSlots.pop();
      if (slot === undefined) return Promise.reject(overloaded(`mehr als ${SLOT_COUNT} Abfragen warten`));
      Atomics.store(slots, slot, SLOT_QUEUED);
    }
    return new Promise((resolve, reject) => {
      const entry: Pending = { resolve, reject, slot, since: Date.now(), patient, given: false };
      pending.set(id, entry);
      if (slot !== undefined) {
        inLine.add(entry);
        sweeper ??= setInterval(sweep, SWEEP_MS).unref();
      }
      const request: Request = { id, operation, txId, slot };
      worker.postMessage(request, transfer);
    });
  }

  async function query<T>(
    txId: number | undefined,
    text: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<Results<T>> {
    const blob = options.blob ? await options.blob.arrayBuffer() : undefined;
    const result = (await send(
      {
        kind: 'query',
        text,
        params,
        rowMode: options.rowMode,
        rawTypes: rawTypes(options),
        paramTypes: options.paramTypes,
        blob,
      },
      txId,
      { transfer: blob ? [blob] : [] },
    )) as Results<T>;
    parseRaw(result as Results, options);
    return result;
  }

  async function exec(
    txId: number | undefined,
    text: string,
    options: QueryOptions = {},
  ): Promise<Results[]> {
    const operation = { kind: 'exec' as const, text, rowMode: options.rowMode, rawTypes: rawTypes(options) };
    const results = (await send(operation, txId)) as Results[];
    for (const result of results) parseRaw(result, options);
    return results;
  }

  return {
    query: (text, params, options) => query(undefined, text, params, options),
    exec: (text, options) => exec(undefined, text, options),
    async transaction(callback, { background = false } = {}) {
      const txId = nextId++;
      await send({ kind: 'begin', background }, undefined, { id: txId, patient: background });
      let ended = false;
      const end = (commit: boolean) => {
        ended = true;
        return send({ kind: 'end', commit }, txId);
      };
      const tx: PgliteTx = {
        query: (text, params, options) =>
          ended
            ? Promise.reject(new Error('Die Transaktion ist beendet.'))
            : query(txId, text, params, options),
        exec: (text, options) =>
          ended ? Promise.reject(new Error('Die Transaktion ist beendet.')) : exec(txId, text, options),
      };
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback(tx);
      } catch (error) {
        // The worker rolls back and frees the connection; the caller sees its own error.
        await end(false).catch(() => {});
        throw error;
      }
      await end(true);
      return result;
    },
    async listen(channel, callback) {
      let callbacks = channels.get(channel);
      if (!callbacks) {
        callbacks = new Set();
        channels.set(channel, callbacks);
        try {
          await send({ kind: 'listen', channel }, undefined, { patient: true });
        } catch (error) {
          channels.delete(channel);
          throw error;
        }
      }
      const listening = callbacks;
      listening.add(callback);
      return async () => {
        listening.delete(callback);
        if (listening.size > 0 || channels.get(channel) !== listening) return;
        channels.delete(channel);
        if (!gone) await send({ kind: 'unlisten', channel }, undefined, { patient: true });
      };
    },
    stats() {
      sweep();
      return { waiting: inLine.size, busy: pending.size > 0 };
    },
    async close() {
      if (gone) return;
      // After everything sent before: PGlite writes its data directory out and closes it.
      await send({ kind: 'close' }, undefined, { patient: true });
      gone = unavailable('ist geschlossen');
      await worker.terminate();
    },
  };
}

function overloaded(why: string): EmbeddedDatabaseUnavailableError {
  return new EmbeddedDatabaseUnavailableError(`Die eingebettete Datenbank ist überlastet: ${why}.`);
}

function unavailable(why: string): EmbeddedDatabaseUnavailableError {
  return new EmbeddedDatabaseUnavailableError(`Die eingebettete Datenbank ${why}.`);
}
