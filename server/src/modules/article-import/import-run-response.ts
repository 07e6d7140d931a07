import type {
  ImportRunListItem,
  ImportRunResponse,
  ImportStatusResponse,
} from '@portal/domain/schemas/article-import';
import type { ImportRunRow } from './import-run.repository';

/** How a run is answered: in full, in the history, and as the import's status. */

function minutesBetween(from: Date | null, to: Date): number {
  return from ? Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000)) : 0;
}

export function toRunResponse(run: ImportRunRow, now = new Date()): ImportRunResponse {
  return {
    id: run.id,
    state: run.state,
    configId: run.configId,
    configTitle: run.configTitle,
    fileName: run.fileName,
    percent: run.percent,
    minutesSinceStart: minutesBetween(run.startedAt ?? run.createdAt, run.finishedAt ?? now),
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    processedRows: run.processedRows,
    totalRows: run.totalRows,
    createdCount: run.createdCount,
    updatedCount: run.updatedCount,
    unchangedCount: run.unchangedCount,
    errorCount: run.errorCount,
    lastCommittedLine: run.lastCommittedLine,
    message: run.message,
    // A succeeded run carries a message only when it took nothing over (import-runner.ts).
    warning: run.state === 'SUCCEEDED' && run.message !== null,
    abortRequested: run.abortRequested,
  };
}

export function toRunListItem(run: ImportRunRow): ImportRunListItem {
  const response = toRunResponse(run);
  return {
    id: response.id,
    state: response.state,
    configTitle: response.configTitle,
    fileName: response.fileName,
    createdAt: response.createdAt,
    startedAt: response.startedAt,
    finishedAt: response.finishedAt,
    createdCount: response.createdCount,
    updatedCount: response.updatedCount,
    unchangedCount: response.unchangedCount,
    errorCount: response.errorCount,
    message: response.message,
    warning: response.warning,
    // Every refused row is one line of the report (import-report.ts); without any there is nothing to download.
    hasErrorReport: run.errorCount > 0,
  };
}

export function toStatus(run: ImportRunRow | undefined | null): ImportStatusResponse {
  if (!run) return { running: false, percent: 0, minutesSinceStart: 0, run: null };
  const response = toRunResponse(run);
  return {
    running: run.state === 'QUEUED' || run.state === 'RUNNING',
    percent: response.percent,
    minutesSinceStart: response.minutesSinceStart,
    run: response,
  };
}
