import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../enums';
import { isoDate } from './common';

/** SPEC §7 `/article/import…`: start (multipart), progress, abort, and the error report of a run. */

export const IMPORT_RUN_STATES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'ABORTED'] as const;
export type ImportRunState = (typeof IMPORT_RUN_STATES)[number];
export const ACTIVE_IMPORT_STATES: readonly ImportRunState[] = ['QUEUED', 'RUNNING'];

/** The multipart text field of POST /article/import (also accepted as query parameter). */
export const startImportFields = z.object({
  importConfigId: z.uuid('Bitte wählen Sie eine Importkonfiguration.'),
});
export const startImportQuery = z.object({ importConfigId: z.uuid().optional() });

export const importRunResponse = z.object({
  id: z.uuid(),
  state: z.enum(IMPORT_RUN_STATES),
  configId: z.uuid().nullable(),
  configTitle: z.string(),
  fileName: z.string(),
  /** 0–100: share of the file whose rows reached the catalog. */
  percent: z.number().int().min(0).max(100),
  /** Whole minutes since the start (SPEC §7 minutesSinceStart). */
  minutesSinceStart: z.number().int().nonnegative(),
  createdAt: isoDate,
  startedAt: isoDate.nullable(),
  finishedAt: isoDate.nullable(),
  processedRows: z.number().int(),
  totalRows: z.number().int().nullable(),
  createdCount: z.number().int(),
  /** Matched articles whose values changed. */
  updatedCount: z.number().int(),
  /** Matched articles the file left as they were (an identical re-import: all of them). */
  unchangedCount: z.number().int(),
  errorCount: z.number().int(),
  /** Every row up to this row number of the file (as a spreadsheet counts) is in the catalog. */
  lastCommittedLine: z.number().int().nullable(),
  message: z.string().nullable(),
  /** Succeeded but took nothing over (no data rows, or every row refused); `message` says why. */
  warning: z.boolean(),
  abortRequested: z.boolean(),
});
export type ImportRunResponse = z.infer<typeof importRunResponse>;

/** GET /article/import: the running import, else the latest one (null before the first import). */
export const importStatusResponse = z.object({
  running: z.boolean(),
  percent: z.number().int().min(0).max(100),
  minutesSinceStart: z.number().int().nonnegative(),
  run: importRunResponse.nullable(),
});
export type ImportStatusResponse = z.infer<typeof importStatusResponse>;

/** GET /article/import/report: the error report of a run (CSV). */
export const importReportQuery = z.object({ runId: z.uuid() });

/** Columns of the German error report. */
export const IMPORT_REPORT_HEADER = ['Zeile', 'Bestellnummer', 'Fehler'] as const;

/** GET /article/import/runs: the history of import runs, newest first, page by page (0-based). */
export const importRunListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  paginationSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
});
export type ImportRunListQuery = z.infer<typeof importRunListQuery>;

/** One run of the history: what happened to the file, and whether it left an error report to download. */
export const importRunListItem = importRunResponse
  .pick({
    id: true,
    state: true,
    configTitle: true,
    fileName: true,
    createdAt: true,
    startedAt: true,
    finishedAt: true,
    createdCount: true,
    updatedCount: true,
    unchangedCount: true,
    errorCount: true,
    message: true,
    warning: true,
  })
  .extend({ hasErrorReport: z.boolean() });
export type ImportRunListItem = z.infer<typeof importRunListItem>;

export const importRunListResponse = z.object({
  content: z.array(importRunListItem),
  totalElements: z.number().int(),
});
export type ImportRunListResponse = z.infer<typeof importRunListResponse>;
