import type { Database } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import type { JobLog } from '../../jobs/queue';

export interface ImportRunnerDeps {
  database: Database;
  files: FileStorage;
  log: JobLog;
}

/** Knobs for tests and the bench; production uses the defaults. */
export interface ImportTuning {
  /** Rows of the first written chunk; later chunks are sized to take about `targetBatchMs`. */
  initialBatchRows?: number;
  targetBatchMs?: number;
  maxBatchRows?: number;
  /** Rows read from the file at a time. */
  chunkRows?: number;
  /** Files from this size on are read on a worker thread (stage-thread.ts WORKER_FROM_BYTES). */
  readInWorkerFromBytes?: number;
  /** The heap limit of that thread in MB (stage-thread.ts READER_HEAP_MB). */
  readerHeapMb?: number;
  /** Heartbeat and abort check interval (SPEC: progress at least once a second). */
  tickMs?: number;
  /** From this many new or changed articles on (and at least a quarter of the catalog), indexes are rebuilt. */
  rebuildThresholdRows?: number;
  /** How long the rebuilding write waits for the catalog's lock before writing in chunks instead. */
  lockTimeoutMs?: number;
  /** false: return as soon as the run is reported, while the search indexes are still merged. */
  awaitIndexMerge?: boolean;
  /** Awaited inside the one-transaction write after the rows are written, before the indexes are rebuilt. */
  beforeRebuild?: () => Promise<void>;
  /** Awaited after every committed chunk (tests stop or kill the import mid-way here). */
  afterBatch?: (batch: { number: number; lastLine: number }) => Promise<void> | void;
}

/** What the heartbeat reports and the operator's abort, shared by the phases of one run. */
export interface ImportProgress {
  processedRows: number;
  percent: number;
  abort: boolean;
  /** Cancels the statement running on the import's connection (PostgreSQL), once the operator ends it. */
  cancel: (() => Promise<void>) | null;
}

/** A reason the whole import cannot go on, in German for the progress display. */
export class ImportFailure extends Error {}
