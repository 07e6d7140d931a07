import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { articleImportRuns } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { jobFailureCounts } from './job-failures';

/**
 * The operator's figures in Prometheus text format (README "Überwachung"). One registry per app instance
 * (tests build many apps in one process); what lives in the database or the job queue is read when the
 * figures are asked for, each read limited to {@link COLLECT_TIMEOUT_MS} so a busy database never fails
 * or stalls the scrape: a figure that could not be read is left out of that answer.
 */
export const COLLECT_TIMEOUT_MS = 2000;

export interface MetricsSources {
  database: Database;
  queue: JobQueue;
  /** Open live event streams of this process (the live hub's size), once the hub exists. */
  openStreams(): number;
  /** Every job id, so that a job without failures shows 0 (a rate needs the series from the start). */
  jobIds: readonly string[];
}

export interface Metrics {
  registry: Registry;
  /** One answered request: its route pattern (never the raw URL: bounded labels), status and duration. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** `promise`'s value, or undefined when it fails or takes longer than `ms`. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Rows per second of the running article import: the rows read since it started, over the time since. */
async function importRowsPerSecond(database: Database): Promise<number> {
  const [row] = await database.db
    .select({
      rate: sql`coalesce(max(${articleImportRuns.processedRows}
        / greatest(extract(epoch from ${articleImportRuns.heartbeatAt} - ${articleImportRuns.startedAt}), 1)), 0)`.mapWith(
        Number,
      ),
    })
    .from(articleImportRuns)
    .where(and(eq(articleImportRuns.state, 'RUNNING'), isNotNull(articleImportRuns.startedAt)));
  return row?.rate ?? 0;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const requests = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Dauer der Anfragen in Sekunden, je Methode, Route (Muster) und Status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'portal_db_pool_in_use',
    help: 'Datenbankverbindungen in Benutzung (PGlite: immer 1)',
    registers: [registry],
    collect() {
      const pool = sources.database.poolStats();
      this.set(pool.total - pool.idle);
    },
  });
  new Gauge({
    name: 'portal_db_pool_waiting',
    help: 'Anfragen, die auf eine freie Datenbankverbindung warten',
    registers: [registry],
    collect() {
      this.set(sources.database.poolStats().waiting);
    },
  });
  new Gauge({
    name: 'portal_job_queue_depth',
    help: 'Wartende Hintergrundaufgaben je Aufgabe (neu oder vor einer Wiederholung)',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const sizes = await within(COLLECT_TIMEOUT_MS, sources.queue.queueSizes());
      for (const [job, size] of Object.entries(sizes ?? {})) this.set({ job }, size);
    },
  });
  new Counter({
    name: 'portal_job_failures_total',
    help: 'Fehlgeschlagene Läufe von Hintergrundaufgaben in diesem Prozess; final="true": keine Wiederholung mehr',
    labelNames: ['job', 'final'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const counts = jobFailureCounts();
      for (const job of new Set([...sources.jobIds, ...counts.keys()])) {
        const count = counts.get(job) ?? { retried: 0, final: 0 };
        this.inc({ job, final: 'false' }, count.retried);
        this.inc({ job, final: 'true' }, count.final);
      }
    },
  });
  new Gauge({
    name: 'portal_event_streams_open',
    help: 'Offene Live-Ereignis-Verbindungen (GET /api/events) dieses Prozesses',
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });
  new Gauge({
    name: 'portal_article_import_rows_per_second',
    help: 'Gelesene Zeilen pro Sekunde des laufenden Artikelimports seit seinem Beginn (0 ohne laufenden Import)',
    registers: [registry],
    async collect() {
      // Unread (busy database): the last figure stays rather than a false 0.
      const rate = await within(COLLECT_TIMEOUT_MS, importRowsPerSecond(sources.database));
      if (rate !== undefined) this.set(Math.round(rate * 10) / 10);
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
  };
}
