import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  bytesBlob,
  type Operation,
  type Request,
  SLOT_QUEUED,
  SLOT_STARTED,
  toWireError,
  type WorkerEvent,
  type WorkerSetup,
} from './pglite-messages';
import { pgliteStartParams } from './pglite-settings';

/**
 * Entry of the thread that owns the embedded database (started by pglite-thread.ts; its own bundle in the
 * built server). PGlite computes in WebAssembly without yielding; here it keeps this thread busy instead of
 * the server's event loop (ARCHITECTURE §7: no request waits > 100 ms behind background work).
 *
 * PGlite has one connection. Operations outside a transaction run one after the other in arrival order;
 * a transaction holds the connection from `begin` to `end`, and only the operations carrying its id run
 * meanwhile.
 */
const { dataDir, slots: slotBuffer } = workerData as WorkerSetup;
const port = parentPort!;
const slots = new Int32Array(slotBuffer);
const send = (event: WorkerEvent) => port.postMessage(event);

const waiting: Request[] = [];
/** Transactions of background work (imports), run when no request's operation waits: see `next`. */
const background: Request[] = [];
let pumping = false;
/** When the last request's operation ended: its request's next query is usually on its way. */
let lastForegroundEnd = 0;

/**
 * Background work gives way: a request of the portal runs several queries one after the other, and a chunk
 * of an import started between two of them would make it wait once per query. So a background transaction
 * begins only when no request's operation has ended for GRACE_MS, or when it has waited MAX_DEFER_MS.
 */
const GRACE_MS = 4;
const MAX_DEFER_MS = 50;
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean, replyTo: number) => void }>();
const listeners = new Map<string, () => Promise<void>>();
let closed = false;

const identity = (value: string) => value;
const rawParsersCache = new Map<string, Record<number, typeof identity>>();
/** PGlite's parsers for `types` give the text as it came: the main thread parses it with its own functions. */
function rawParsers(types: number[]): Record<number, typeof identity> | undefined {
  if (types.length === 0) return undefined;
  const key = types.join(',');
  let parsers = rawParsersCache.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, identity]));
    rawParsersCache.set(key, parsers);
  }
  return parsers;
}

async function runQuery(on: Transaction | PGlite, operation: Operation): Promise<unknown> {
  switch (operation.kind) {
    case 'query': {
      const { text, params, rowMode, rawTypes, paramTypes, blob } = operation;
      const result = await on.query(text, params, {
        rowMode,
        parsers: rawParsers(rawTypes),
        paramTypes,
        blob: blob ? bytesBlob(blob) : undefined,
      });
      return result;
    }
    case 'exec':
      return on.exec(operation.text, { rowMode: operation.rowMode, parsers: rawParsers(operation.rawTypes) });
    default:
      throw new Error(`Vorgang ${operation.kind} ist in einer Transaktion nicht möglich.`);
  }
}

/** Runs one operation that had to wait for the connection; a transaction keeps it until its `end`. */
async function runInTurn(request: Request): Promise<void> {
  const { id, operation } = request;
  switch (operation.kind) {
    case 'begin': {
      let began = false;
      /** The id of the `end` request, answered when COMMIT or ROLLBACK is through. */
      let endId = 0;
      await db
        .transaction(async (tx) => {
          const commit = await new Promise<boolean>((resolve) => {
            const end = (commit: boolean, replyTo: number) => {
              endId = replyTo;
              resolve(commit);
            };
            transactions.set(id, { tx, end });
            began = true;
            send({ id, result: null });
          });
          // The main thread's work threw: PGlite rolls back when the callback throws.
          if (!commit) throw ROLLED_BACK;
        })
        .then(
          () => send({ id: endId, result: null }),
          (error: unknown) => {
            if (!began) send({ id, error: toWireError(error) });
            else if (error === ROLLED_BACK) send({ id: endId, result: null });
            else send({ id: endId, error: toWireError(error) });
          },
        );
      transactions.delete(id);
      return;
    }
    case 'listen': {
      if (!listeners.has(operation.channel)) {
        const stop = await db.listen(operation.channel, (payload) =>
          send({ notification: { channel: operation.channel, payload } }),
        );
        listeners.set(operation.channel, stop);
      }
      send({ id, result: null });
      return;
    }
    case 'unlisten': {
      const stop = listeners.get(operation.channel);
      listeners.delete(operation.channel);
      await stop?.();
      send({ id, result: null });
      return;
    }
    case 'close': {
      closed = true;
      await db.close();
      send({ id, result: null });
      port.close();
      return;
    }
    default:
      send({ id, result: await runQuery(db, operation) });
  }
}

const ROLLED_BACK = Symbol('rolled back');

/** The next operation to run, or how long to wait before a deferred background transaction may begin. */
function next(): Request | number | undefined {
  const request = waiting.shift();
  if (request) return request;
  const deferred = background[0];
  if (!deferred) return undefined;
  const now = performance.now();
  const wait = Math.min(lastForegroundEnd + GRACE_MS - now, queuedAt.get(deferred)! + MAX_DEFER_MS - now);
  if (wait > 0) return wait;
  return background.shift();
}

const queuedAt = new WeakMap<Request, number>();
let deferScheduled = false;

async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  try {
    for (let request = next(); request !== undefined; request = next()) {
      if (typeof request === 'number') {
        if (!deferScheduled) {
          deferScheduled = true;
          setTimeout(() => {
            deferScheduled = false;
            void pump();
          }, request);
        }
        return;
      }
      // The main thread may have answered it 503 already (waited too long): then it must not run.
      if (Atomics.compareExchange(slots, request.slot!, SLOT_QUEUED, SLOT_STARTED) !== SLOT_QUEUED) {
        send({ id: request.id, skipped: true });
        continue;
      }
      if (closed) {
        send({
          id: request.id,
          error: toWireError(new Error('Die eingebettete Datenbank ist geschlossen.')),
        });
        continue;
      }
      await runInTurn(request).catch((error: unknown) => send({ id: request.id, error: toWireError(error) }));
      if (!isBackground(request)) lastForegroundEnd = performance.now();
    }
  } finally {
    pumping = false;
  }
}

function isBackground(request: Request): boolean {
  return request.operation.kind === 'begin' && request.operation.background;
}

function handle(request: Request): void {
  const { id, operation, txId } = request;
  if (txId === undefined) {
    queuedAt.set(request, performance.now());
    (isBackground(request) ? background : waiting).push(request);
    void pump();
    return;
  }
  const open = transactions.get(txId);
  if (!open) {
    send({ id, error: toWireError(new Error('Die Transaktion ist bereits beendet.')) });
    return;
  }
  if (operation.kind === 'end') {
    // Answered when COMMIT or ROLLBACK is through: see `begin`.
    open.end(operation.commit, id);
    return;
  }
  runQuery(open.tx, operation).then(
    (result) => send({ id, result }),
    (error: unknown) => send({ id, error: toWireError(error) }),
  );
}

let db: PGlite;
// No top-level await: from the sources the worker runs as CommonJS through tsx (pglite-thread.ts).
PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm }, startParams: pgliteStartParams() }).then(
  (opened) => {
    db = opened;
    port.on('message', handle);
    send({ ready: true });
  },
  (error: unknown) => {
    send({ failed: toWireError(error) });
    port.close();
  },
);
