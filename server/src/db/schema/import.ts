import { LENGTH_UNITS, WEIGHT_UNITS } from '@portal/domain/enums';
import type { ImportField } from '@portal/domain/rules/import-mapping';
import { IMPORT_RUN_STATES, type ImportPreview } from '@portal/domain/schemas/article-import';
import type { FieldMappingEntry } from '@portal/domain/schemas/import-config';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { manufacturers, units, wholesalers } from './master-data';
import { updatedByColumn } from './updated-by';

export const lengthUnitEnum = pgEnum('length_unit', LENGTH_UNITS);
export const weightUnitEnum = pgEnum('weight_unit', WEIGHT_UNITS);
export const importRunStateEnum = pgEnum('import_run_state', IMPORT_RUN_STATES);

/** The preview of a run with the staged file's shape, kept until the run ends. */
export interface StoredImportPreview {
  /** The mapped fields, i.e. the columns of the run's staging table. */
  fields: ImportField[];
  /** Staged rows (refused ones included) and the last row number of the file. */
  rowCount: number;
  lastLine: number;
  summary: ImportPreview;
}

/**
 * SPEC §3 Import config: how a supplier's catalog file maps onto articles. Master-data references are
 * cleared when the manufacturer, wholesaler or unit is deleted (the configuration then asks for a new one).
 */
export const importConfigs = pgTable(
  'import_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    manufacturerId: uuid('manufacturer_id').references(() => manufacturers.id, { onDelete: 'set null' }),
    wholesalerId: uuid('wholesaler_id').references(() => wholesalers.id, { onDelete: 'set null' }),
    defaultUnitId: uuid('default_unit_id').references(() => units.id, { onDelete: 'set null' }),
    /** Name of the sample file the headers were read from, and where it is stored. */
    filename: text('filename'),
    samplePath: text('sample_path'),
    headers: text('headers').array().notNull().default(sql`'{}'::text[]`),
    headerRowIndex: integer('header_row_index').notNull().default(1),
    fieldMapping: jsonb('field_mapping').$type<FieldMappingEntry[]>().notNull().default([]),
    unitWidth: lengthUnitEnum('unit_width').notNull().default('CM'),
    unitHeight: lengthUnitEnum('unit_height').notNull().default('CM'),
    unitDepth: lengthUnitEnum('unit_depth').notNull().default('CM'),
    unitWeight: weightUnitEnum('unit_weight').notNull().default('KG'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: updatedByColumn(),
  },
  (t) => [
    index('import_configs_title_idx').on(sql`lower(${t.title})`),
    index('import_configs_manufacturer_idx').on(t.manufacturerId),
    index('import_configs_wholesaler_idx').on(t.wholesalerId),
    index('import_configs_unit_idx').on(t.defaultUnitId),
  ],
);

/**
 * One article import (SPEC §4: one at a time, progress, abortable). The counters are written in the same
 * transaction as each committed batch of articles, so they always state exactly what reached the catalog,
 * also after a crash. `heartbeat_at` is touched at least once a second while the import runs; a run whose
 * heartbeat stopped is reported failed.
 */
export const articleImportRuns = pgTable(
  'article_import_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    configId: uuid('config_id').references(() => importConfigs.id, { onDelete: 'set null' }),
    configTitle: text('config_title').notNull(),
    /** BMECAT or DATANORM: a catalog file imported without a configuration (files/catalogs). */
    catalogFormat: text('catalog_format'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    filePath: text('file_path').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    state: importRunStateEnum('state').notNull().default('QUEUED'),
    /** 0–100: progress of the whole import (reading, matching, writing); what is committed says lastCommittedLine. */
    percent: integer('percent').notNull().default(0),
    /** Data rows read so far (after the header row). */
    processedRows: integer('processed_rows').notNull().default(0),
    /** Data rows of the file, once known. */
    totalRows: integer('total_rows'),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    /** Matched articles the file left as they were (an identical re-import changes nothing). */
    unchangedCount: integer('unchanged_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** Rows of the file up to this row number (as a spreadsheet shows it) are committed. */
    lastCommittedLine: integer('last_committed_line'),
    abortRequested: boolean('abort_requested').notNull().default(false),
    /** German explanation of a failed or aborted run. */
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    /** What a run in PREVIEW would do, and what its write phase needs to go on. */
    preview: jsonb('preview').$type<StoredImportPreview>(),
  },
  (t) => [
    // SPEC §4 "only one at a time", across every server process: a second active run (queued, running or
    // waiting in its preview) violates this index. Written as "not finished", so that the migration adding
    // PREVIEW does not use the new enum value in its own transaction.
    uniqueIndex('article_import_runs_one_active')
      .on(sql`(true)`)
      .where(sql`${t.state} not in ('SUCCEEDED', 'FAILED', 'ABORTED')`),
    index('article_import_runs_created_idx').on(t.createdAt),
  ],
);

/** Rows of an import that were not imported, with the German reason (the downloadable error report). */
export const articleImportErrors = pgTable(
  'article_import_errors',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => articleImportRuns.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    orderNumber: text('order_number'),
    reason: text('reason').notNull(),
  },
  (t) => [index('article_import_errors_run_idx').on(t.runId, t.line)],
);
