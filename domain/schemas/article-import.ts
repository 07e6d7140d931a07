import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../enums';
import { MAX_NAME_LENGTH } from '../rules/name-variants';
import { isoDate, text } from './common';

/** SPEC §7 `/article/import…`: start (multipart), progress, abort, and the error report of a run. */

/**
 * PREVIEW (show before writing): the file is read and checked, nothing is written; the run waits for
 * "Übernehmen" (confirm) or "Verwerfen" (abort) and counts as the one active import meanwhile.
 */
export const IMPORT_RUN_STATES = ['QUEUED', 'RUNNING', 'PREVIEW', 'SUCCEEDED', 'FAILED', 'ABORTED'] as const;
export type ImportRunState = (typeof IMPORT_RUN_STATES)[number];
export const ACTIVE_IMPORT_STATES: readonly ImportRunState[] = ['QUEUED', 'RUNNING', 'PREVIEW'];

/**
 * `preview`: "false" writes at once (API clients); without it (or "true") the import stops after reading
 * the file and shows what it would do.
 */
const previewFlag = z
  .enum(['true', 'false'], { error: 'preview ist „true“ oder „false“.' })
  .optional()
  .transform((value) => value !== 'false');

/** The multipart text fields of POST /article/import (each also accepted as query parameter). */
/** The message for a spreadsheet sent without configuration (catalog files need none). */
export const MISSING_IMPORT_CONFIG = 'Bitte wählen Sie eine Importkonfiguration.';

export const startImportFields = z.object({
  /** Needed for spreadsheets; a catalog file (BMEcat, DATANORM) is imported without one. */
  importConfigId: z.uuid(MISSING_IMPORT_CONFIG).optional(),
  preview: previewFlag,
});
export const startImportQuery = z.object({
  importConfigId: z.uuid().optional(),
  preview: z.enum(['true', 'false']).optional(),
});

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

/**
 * Why rows of a file are refused, as the preview groups them; the web names them in
 * German (locales/de/import.json), each row's own German reason is in the error report.
 */
export const IMPORT_REFUSAL_KINDS = [
  'UNKNOWN_MANUFACTURER',
  'UNKNOWN_UNIT',
  'NO_MANUFACTURER',
  'MISSING_NUMBERS',
  'INVALID_VALUES',
  'DUPLICATE_IN_FILE',
  'NUMBER_TAKEN',
  'NOT_IN_CATALOG',
  'CATALOG_RECORD',
] as const;
export type ImportRefusalKind = (typeof IMPORT_REFUSAL_KINDS)[number];

export const importRefusal = z.object({
  kind: z.enum(IMPORT_REFUSAL_KINDS),
  rows: z.number().int(),
  /** The first refused row of this kind and its German reason, as an example. */
  firstLine: z.number().int(),
  example: z.string(),
});
export type ImportRefusal = z.infer<typeof importRefusal>;

/** A manufacturer or unit name of the file that the master data does not know, and its rows. */
export const unknownImportName = z.object({ name: z.string(), rows: z.number().int() });
export type UnknownImportName = z.infer<typeof unknownImportName>;

/** At most this many unknown names of each kind are listed (the most frequent first). */
export const MAX_LISTED_UNKNOWN_NAMES = 100;

export const unknownImportNames = z.object({
  /** How many distinct unknown names the file has (`names` lists at most MAX_LISTED_UNKNOWN_NAMES). */
  total: z.number().int(),
  names: z.array(unknownImportName),
});

/** What the import would do: nothing of it is written before "Übernehmen". */
export const importPreview = z.object({
  /** Data rows read (empty rows are skipped). */
  rows: z.number().int(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  refusedByKind: z.array(importRefusal),
  unknownManufacturers: unknownImportNames,
  unknownUnits: unknownImportNames,
});
export type ImportPreview = z.infer<typeof importPreview>;

/** GET /article/import/preview: the waiting run and its preview. */
export const importPreviewResponse = z.object({ run: importRunResponse, preview: importPreview });
export type ImportPreviewResponse = z.infer<typeof importPreviewResponse>;

export const IMPORT_NAME_KINDS = ['MANUFACTURER', 'UNIT'] as const;
export type ImportNameKind = (typeof IMPORT_NAME_KINDS)[number];

/**
 * POST /article/import/preview/names: an unknown name of the file becomes a new manufacturer or unit
 * ("anlegen"), or a name variant of an existing one ("als Variante von … zuordnen").
 */
export const resolveImportNameBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('CREATE'),
    kind: z.enum(IMPORT_NAME_KINDS),
    name: text().trim().min(1).max(MAX_NAME_LENGTH),
  }),
  z.object({
    action: z.literal('VARIANT'),
    kind: z.enum(IMPORT_NAME_KINDS),
    name: text().trim().min(1).max(MAX_NAME_LENGTH),
    targetId: z.uuid(),
  }),
]);
export type ResolveImportNameBody = z.infer<typeof resolveImportNameBody>;
