import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { articleImportErrors, articleImportRuns, type StoredImportPreview } from '../../db/schema';

export type ImportRunRow = typeof articleImportRuns.$inferSelect;

/** The one active run: queued, running, or waiting in its preview for "Übernehmen". */
const ACTIVE = inArray(articleImportRuns.state, ['QUEUED', 'RUNNING', 'PREVIEW']);

/** Is this the "only one import at a time" index refusing a second active run? */
export function isActiveRunConflict(error: unknown): boolean {
  const cause = ((error as { cause?: unknown })?.cause ?? error) as { code?: string; constraint?: string };
  return cause?.code === '23505' && cause.constraint === 'article_import_runs_one_active';
}

export async function insertRun(
  db: DbOrTx,
  values: typeof articleImportRuns.$inferInsert,
): Promise<ImportRunRow> {
  const [row] = await db.insert(articleImportRuns).values(values).returning();
  return row!;
}

export async function findRun(db: DbOrTx, id: string): Promise<ImportRunRow | undefined> {
  const [row] = await db.select().from(articleImportRuns).where(eq(articleImportRuns.id, id));
  return row;
}

/** The active run, else the most recent one. */
export async function findCurrentRun(db: DbOrTx): Promise<ImportRunRow | undefined> {
  const [active] = await db.select().from(articleImportRuns).where(ACTIVE).limit(1);
  if (active) return active;
  const [latest] = await db
    .select()
    .from(articleImportRuns)
    .orderBy(desc(articleImportRuns.createdAt))
    .limit(1);
  return latest;
}

/** One page of the run history, newest first (the created index serves the order). */
export async function listRuns(
  db: DbOrTx,
  page: { offset: number; limit: number },
): Promise<{ rows: ImportRunRow[]; total: number }> {
  const rows = await db
    .select()
    .from(articleImportRuns)
    .orderBy(desc(articleImportRuns.createdAt), desc(articleImportRuns.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await db.$count(articleImportRuns) };
}

export async function findActiveRun(db: DbOrTx): Promise<ImportRunRow | undefined> {
  const [active] = await db.select().from(articleImportRuns).where(ACTIVE).limit(1);
  return active;
}

/** German text for a run whose server stopped: says exactly what reached the catalog. */
const interruptedMessage: SQL = sql`format(
  'Der Import wurde unterbrochen, weil der Server beendet wurde. %s Bitte starten Sie den Import erneut; bereits übernommene Artikel werden dabei aktualisiert.',
  case when ${articleImportRuns.lastCommittedLine} is null then 'Es wurden keine Artikel übernommen.'
    else format('Übernommen wurden alle Zeilen bis Zeile %s (%s neu, %s aktualisiert, %s fehlerhaft); die übrigen nicht.',
      ${articleImportRuns.lastCommittedLine}, ${articleImportRuns.createdCount}, ${articleImportRuns.updatedCount}, ${articleImportRuns.errorCount})
  end)`;

/** A run reported failed because its worker stopped: what its process left behind is named here. */
export interface StaleRun {
  id: string;
  filePath: string;
}

/**
 * Reports runs whose worker stopped sending heartbeats (server killed or crashed) as failed, so the
 * "one at a time" lock is released. Their counters already say what was committed. A queued run has no
 * worker yet: it is given up only after `queuedAfterMs` (no worker took its job).
 */
export async function failStaleRuns(
  db: DbOrTx,
  staleAfterMs: number,
  queuedAfterMs = staleAfterMs,
): Promise<StaleRun[]> {
  const silentFor = (ms: number) =>
    sql`${articleImportRuns.heartbeatAt} < now() - make_interval(secs => ${ms / 1000})`;
  return db
    .update(articleImportRuns)
    .set({ state: 'FAILED', finishedAt: sql`now()`, message: interruptedMessage })
    .where(
      or(
        and(eq(articleImportRuns.state, 'RUNNING'), silentFor(staleAfterMs)),
        and(eq(articleImportRuns.state, 'QUEUED'), silentFor(queuedAfterMs)),
      ),
    )
    .returning({ id: articleImportRuns.id, filePath: articleImportRuns.filePath });
}

/**
 * QUEUED → RUNNING for the worker that picked the job; null when the run is no longer queued. A run
 * confirmed after its preview keeps the start of its reading.
 */
export async function claimRun(db: DbOrTx, id: string): Promise<ImportRunRow | null> {
  const [row] = await db
    .update(articleImportRuns)
    .set({
      state: 'RUNNING',
      startedAt: sql`coalesce(${articleImportRuns.startedAt}, now())`,
      heartbeatAt: sql`now()`,
    })
    .where(and(eq(articleImportRuns.id, id), eq(articleImportRuns.state, 'QUEUED')))
    .returning();
  return row ?? null;
}

/** The worker's heartbeat with its progress (rows read, percent of the whole import); answers whether an abort was requested. */
export async function heartbeat(
  db: DbOrTx,
  id: string,
  progress: { processedRows: number; percent: number },
): Promise<{ abortRequested: boolean; running: boolean }> {
  const [row] = await db
    .update(articleImportRuns)
    .set({
      heartbeatAt: sql`now()`,
      processedRows: progress.processedRows,
      percent: sql`greatest(${articleImportRuns.percent}, ${progress.percent})`,
    })
    .where(and(eq(articleImportRuns.id, id), eq(articleImportRuns.state, 'RUNNING')))
    .returning({ abortRequested: articleImportRuns.abortRequested });
  return { abortRequested: row?.abortRequested ?? true, running: row !== undefined };
}

/**
 * RUNNING → PREVIEW once the file is read and its preview counted; null when the run
 * was ended meanwhile (or reported failed by another process).
 */
export async function holdForPreview(
  db: DbOrTx,
  id: string,
  values: { preview: StoredImportPreview; processedRows: number; percent: number },
): Promise<ImportRunRow | null> {
  const [row] = await db
    .update(articleImportRuns)
    .set({
      state: 'PREVIEW',
      preview: values.preview,
      processedRows: values.processedRows,
      totalRows: values.processedRows,
      percent: values.percent,
      heartbeatAt: sql`now()`,
    })
    .where(
      and(
        eq(articleImportRuns.id, id),
        eq(articleImportRuns.state, 'RUNNING'),
        eq(articleImportRuns.abortRequested, false),
      ),
    )
    .returning();
  return row ?? null;
}

/** The run waiting in its preview, if any. */
export async function findPreviewRun(db: DbOrTx): Promise<ImportRunRow | undefined> {
  const [row] = await db.select().from(articleImportRuns).where(eq(articleImportRuns.state, 'PREVIEW'));
  return row;
}

/**
 * "Übernehmen": PREVIEW → QUEUED for the write phase. The heartbeat starts again (a queued run without one
 * would be reported failed). Null when no run waits in its preview.
 */
export async function confirmPreview(db: DbOrTx): Promise<ImportRunRow | null> {
  const [row] = await db
    .update(articleImportRuns)
    .set({ state: 'QUEUED', heartbeatAt: sql`now()` })
    .where(eq(articleImportRuns.state, 'PREVIEW'))
    .returning();
  return row ?? null;
}

/**
 * Asks the active run to stop; a run still queued stops at once, a run in its preview is discarded at once
 * (nothing of it was written). Returns the run, or null when none is active.
 */
export async function requestAbort(db: DbOrTx): Promise<ImportRunRow | null> {
  const [waiting] = await db
    .update(articleImportRuns)
    .set({
      state: 'ABORTED',
      abortRequested: true,
      finishedAt: sql`now()`,
      message: 'Der Import wurde nach der Vorschau verworfen. Es wurden keine Artikel übernommen.',
    })
    .where(eq(articleImportRuns.state, 'PREVIEW'))
    .returning();
  if (waiting) return waiting;
  const [queued] = await db
    .update(articleImportRuns)
    .set({
      state: 'ABORTED',
      abortRequested: true,
      finishedAt: sql`now()`,
      message: 'Der Import wurde beendet, bevor er begann. Es wurden keine Artikel übernommen.',
    })
    .where(eq(articleImportRuns.state, 'QUEUED'))
    .returning();
  if (queued) return queued;
  const [running] = await db
    .update(articleImportRuns)
    .set({ abortRequested: true })
    .where(eq(articleImportRuns.state, 'RUNNING'))
    .returning();
  return running ?? null;
}

export async function finishRun(
  db: DbOrTx,
  id: string,
  values: {
    state: 'SUCCEEDED' | 'FAILED' | 'ABORTED';
    message: string | null;
    totalRows: number;
    processedRows: number;
  },
): Promise<void> {
  await db
    .update(articleImportRuns)
    .set({
      state: values.state,
      message: values.message,
      totalRows: values.totalRows,
      processedRows: values.processedRows,
      finishedAt: sql`now()`,
      ...(values.state === 'SUCCEEDED' ? { percent: 100 } : {}),
    })
    .where(and(eq(articleImportRuns.id, id), eq(articleImportRuns.state, 'RUNNING')));
}

/** One page of a run's error rows after `afterLine` (the report is streamed page by page). */
export async function errorPage(db: DbOrTx, runId: string, afterLine: number, limit: number) {
  return db
    .select({
      line: articleImportErrors.line,
      orderNumber: articleImportErrors.orderNumber,
      reason: articleImportErrors.reason,
    })
    .from(articleImportErrors)
    .where(and(eq(articleImportErrors.runId, runId), sql`${articleImportErrors.line} > ${afterLine}`))
    .orderBy(articleImportErrors.line)
    .limit(limit);
}

/** Stores a recounted preview, only while the run is still in PREVIEW (a confirm or discard may have come). */
export async function savePreviewIfPending(
  db: DbOrTx,
  runId: string,
  preview: StoredImportPreview,
): Promise<void> {
  await db
    .update(articleImportRuns)
    .set({ preview })
    .where(sql`${articleImportRuns.id} = ${runId} AND ${articleImportRuns.state} = 'PREVIEW'`);
}

/**
 * Drops a run's staging table, giving up after 2 s of waiting for a lock (a process that still holds it drops
 * the table itself once it sees its run ended).
 */
export async function dropStagingTableSoon(db: Db, table: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '2s'`);
    await tx.execute(sql.raw(`drop table if exists ${table}`));
  });
}

/** Cancels the statement running on the PostgreSQL connection of `pid`. */
export async function cancelBackendStatement(db: DbOrTx, pid: number): Promise<void> {
  await db.execute(sql`SELECT pg_cancel_backend(${pid})`);
}
