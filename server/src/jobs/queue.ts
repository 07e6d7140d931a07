import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database, Db, DbOrTx } from '../db/client';
import type { FileStorage } from '../files/storage';
import type { Mailer } from '../mail/mailer';
import { countJobFailure } from '../metrics';
import { transactionExecutor } from './transaction-executor';
import { startWorkerLoop, type WorkerLoop } from './worker-loop';

/** What job handlers may use; filled once by the process (or the test app). */
export interface JobDeps {
  mailer: Mailer;
  log: JobLog;
  /** The portal's database: `db` for queries, `database` for bulk work (article import: COPY, own connection). */
  db: Db;
  database: Database;
  /** The file storage (exports, import files). */
  files: FileStorage;
  /** The portal's address for links in mails. */
  baseUrl: string;
}

export interface JobLog {
  info(message: string): void;
  error(message: string): void;
}

/**
 * One background job (STYLE: "definition file: id + zod payload + handler"). Services only enqueue;
 * a failed handler is retried with backoff and, once the retries are used up, kept as failed and logged.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  id: string;
  payload: S;
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  handle(payload: z.output<S>, deps: JobDeps): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export interface EnqueueOptions {
  /** Enqueue inside this transaction: the job exists exactly when the data change commits. */
  tx?: DbOrTx;
}

export interface JobQueue {
  /** Installs pg-boss's own `pgboss` schema (idempotent) and one queue per job definition. */
  start(): Promise<void>;
  enqueue<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    options?: EnqueueOptions,
  ): Promise<string>;
  /**
   * Starts polling workers for every job (the server process; ARCHITECTURE §5: each job runs once); settles
   * once each has looked for work the first time.
   */
  work(): Promise<void>;
  /**
   * Lets this process's worker of `job` look for work now instead of at its next poll (call it after the
   * transaction that enqueued the job committed). Without a worker here (tests, another process) nothing.
   */
  wake(job: JobDefinition): void;
  /**
   * Runs every due job right now, in this process, until none is left; tests use it instead of workers.
   * `includeDelayed` also runs retries whose backoff has not elapsed yet. Returns the number of runs.
   */
  drain(options?: { includeDelayed?: boolean }): Promise<number>;
  /** Jobs waiting (new, or failed and waiting for their retry) per job id: the operator's queue depth. */
  queueSizes(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  /** PostgreSQL: pg-boss gets its own small pool; unset: through `database.executeSql` (PGlite). */
  connectionString?: string;
  jobs: JobDefinition[];
  deps: JobDeps;
  /** Seconds between polls of an idle worker. */
  pollingIntervalSeconds?: number;
}

/** pg-boss 10 on the portal's database (ARCHITECTURE §3), on PostgreSQL and on PGlite alike. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { deps } = options;
  const boss = new PgBoss({
    ...(options.connectionString
      ? { connectionString: options.connectionString, max: 3, application_name: 'portal-jobs' }
      : {
          db: { executeSql: (text: string, values: unknown[]) => options.database.executeSql(text, values) },
        }),
    // No cron jobs; maintenance (expiry, archive) stays on.
    schedule: false,
  });
  boss.on('error', (error) => deps.log.error(`Hintergrundaufgaben: ${error.message}`));
  const byId = new Map(options.jobs.map((job) => [job.id, job]));
  let started = false;

  function definitionOf(job: JobDefinition): JobDefinition {
    const known = byId.get(job.id);
    if (!known) throw new Error(`Job ${job.id} ist nicht registriert.`);
    return known;
  }

  /** Validates the stored payload again (it may come from an older version) and runs the handler. */
  async function run(job: JobDefinition, data: unknown, attempt: { retryCount: number; retryLimit: number }) {
    try {
      await job.handle(job.payload.parse(data), deps);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = attempt.retryCount >= attempt.retryLimit;
      countJobFailure(job.id, final);
      deps.log.error(
        `Job ${job.id} fehlgeschlagen (Versuch ${attempt.retryCount + 1} von ${attempt.retryLimit + 1})${final ? ', endgültig' : ', wird wiederholt'}: ${message}`,
      );
      throw error;
    }
  }

  const workers: Record<string, WorkerLoop> = {};
  return {
    async start() {
      if (started) return;
      // Two processes starting at once deadlock when both create queues (each attaches a partition to
      // pg-boss's job table while holding its new queue row): one creates them, the other finds them.
      await options.database.exclusively('portal:job-queues', async () => {
        await boss.start();
        for (const job of options.jobs) {
          await boss.createQueue(job.id, {
            name: job.id,
            retryLimit: job.retryLimit,
            retryDelay: job.retryDelaySeconds,
            retryBackoff: job.retryBackoff,
          });
        }
      });
      started = true;
    },

    async enqueue(job, payload, enqueueOptions = {}) {
      const definition = definitionOf(job);
      const data = definition.payload.parse(payload) as object;
      const id = await boss.send(definition.id, data, {
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: definition.retryBackoff,
        ...(enqueueOptions.tx ? { db: transactionExecutor(enqueueOptions.tx) } : {}),
      });
      if (!id) throw new Error(`Job ${definition.id} wurde nicht angelegt.`);
      return id;
    },

    async work() {
      for (const job of options.jobs) {
        workers[job.id] ??= startWorkerLoop({
          fetch: async () => (await boss.fetch(job.id, { batchSize: 1, includeMetadata: true }))[0] ?? null,
          run: (item) => run(job, item.data, item),
          complete: async (item) => {
            await boss.complete(job.id, item.id);
          },
          fail: async (item, error) => {
            await boss.fail(job.id, item.id, {
              message: error instanceof Error ? error.message : String(error),
            });
          },
          pollingMs: (options.pollingIntervalSeconds ?? 2) * 1000,
          log: deps.log.error,
        });
      }
      await Promise.all(Object.values(workers).map((worker) => worker.polled));
    },

    wake(job) {
      workers[definitionOf(job).id]?.wake();
    },

    async drain(drainOptions = {}) {
      let total = 0;
      for (;;) {
        let round = 0;
        for (const job of options.jobs) {
          const items = await boss.fetch(job.id, {
            batchSize: 20,
            includeMetadata: true,
            ignoreStartAfter: drainOptions.includeDelayed ?? false,
          });
          for (const item of items) {
            round++;
            try {
              await run(job, item.data, item);
              await boss.complete(job.id, item.id);
            } catch (error) {
              await boss.fail(job.id, item.id, {
                message: error instanceof Error ? error.message : String(error),
              });
            }
          }
        }
        if (round === 0) return total;
        total += round;
      }
    },

    async queueSizes() {
      const sizes: Record<string, number> = {};
      for (const job of options.jobs) sizes[job.id] = (await boss.getQueueSize(job.id)) ?? 0;
      return sizes;
    },

    async stop() {
      if (!started) return;
      started = false;
      // The running jobs finish and write their outcome before pg-boss closes its connections.
      await Promise.all(Object.values(workers).map((worker) => worker.stop()));
      for (const id of Object.keys(workers)) delete workers[id];
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
