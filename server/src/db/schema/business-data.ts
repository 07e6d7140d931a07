import type { FolderTypes } from '@portal/domain/permissions';
import { FOLDER_LOG_ACTIONS } from '@portal/domain/schemas/business-data';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companyTypeEnum } from './enums';
import { offers } from './offer';
import { updatedByColumn } from './updated-by';

/** 256 random bits as 64 hex characters (gen_random_uuid is a strong random source on PostgreSQL and PGlite). */
const RANDOM_FOLDER_ID = sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`;

/**
 * The project folder of an offer (SPEC §3 Business data). One per offer lineage (all versions share
 * it: `lineage_id` is the id of version 1); created with the offer. The id is what the public link carries:
 * random, never the offer id. `file_count` and `last_update` are kept with every upload and delete, so the
 * folder list reads no file rows.
 */
/** The folders whose types map shuts a side's non-admin users out (read nor write): few, counted apart. */
function closedTo(side: 'CUSTOMER' | 'SUPPLIER', types: AnyPgColumn) {
  return sql`not (coalesce((${types} -> ${sql.raw(`'${side}'`)} ->> 'read')::boolean, false)
    or coalesce((${types} -> ${sql.raw(`'${side}'`)} ->> 'write')::boolean, false))`;
}

export const businessFolders = pgTable(
  'business_folders',
  {
    id: text('id').primaryKey().default(RANDOM_FOLDER_ID),
    lineageId: uuid('lineage_id')
      .notNull()
      .unique()
      .references(() => offers.id, { onDelete: 'cascade' }),
    types: jsonb('types')
      .$type<FolderTypes>()
      .notNull()
      .default({ CUSTOMER: { read: true, write: true }, SUPPLIER: { read: true, write: true } }),
    allowExternal: boolean('allow_external').notNull().default(false),
    allowAnonymous: boolean('allow_anonymous').notNull().default(false),
    anonymousWrite: boolean('anonymous_write').notNull().default(false),
    /** argon2id; null: 'nicht gesetzt' (SPEC §3). */
    passwordHash: text('password_hash'),
    fileCount: integer('file_count').notNull().default(0),
    lastUpdate: timestamp('last_update', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: updatedByColumn(),
  },
  (t) => [
    // The folder list subtracts these from a non-admin's count (folder-list.repository.ts countRows).
    index('business_folders_closed_customer_idx').on(t.lineageId).where(closedTo('CUSTOMER', t.types)),
    index('business_folders_closed_supplier_idx').on(t.lineageId).where(closedTo('SUPPLIER', t.types)),
  ],
);

/** The files of a folder, stored under `business-data/<folderId>/<id>` (never the user's file name). */
export const businessFolderItems = pgTable(
  'business_folder_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: text('folder_id')
      .notNull()
      .references(() => businessFolders.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    downloadCounter: integer('download_counter').notNull().default(0),
    /** The uploading user; null with an anonymous visitor's upload (or a deleted user). */
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAnonymously: boolean('uploaded_anonymously').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_folder_items_name_idx').on(t.folderId, sql`lower(${t.filename})`),
    uniqueIndex('business_folder_items_storage_key_idx').on(t.storageKey),
  ],
);

/**
 * Visibility entries (SPEC §3): an e-mail (stored lower-case), an optional last day and its rights. They grant
 * access only while the folder allows external users (domain/permissions-folder.ts).
 */
export const businessFolderShares = pgTable(
  'business_folder_shares',
  {
    folderId: text('folder_id')
      .notNull()
      .references(() => businessFolders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    endDate: date('end_date', { mode: 'string' }),
    read: boolean('read').notNull().default(true),
    write: boolean('write').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.folderId, t.email] }),
    index('business_folder_shares_email_idx').on(t.email),
  ],
);

/**
 * Anonymous sessions opened by the folder password: the cookie holds a random token, the table its SHA-256.
 * Deleted all at once when anonymous access is turned off or the password changes.
 */
export const businessFolderSessions = pgTable(
  'business_folder_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: text('folder_id')
      .notNull()
      .references(() => businessFolders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_folder_sessions_folder_idx').on(t.folderId)],
);

export const folderLogActionEnum = pgEnum('folder_log_action', FOLDER_LOG_ACTIONS);

/** Who (a user, or an anonymous session) did what with which file, from which address. */
export const businessFolderLog = pgTable(
  'business_folder_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: text('folder_id')
      .notNull()
      .references(() => businessFolders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The person as it was then (name and e-mail), or the anonymous session. */
    actorLabel: text('actor_label').notNull(),
    /** The anonymous session (no reference: sessions end, the log stays). */
    sessionId: uuid('session_id'),
    ip: text('ip'),
    action: folderLogActionEnum('action').notNull(),
    filename: text('filename'),
  },
  (t) => [index('business_folder_log_folder_idx').on(t.folderId, t.at.desc(), t.id)],
);

/** The operator's default runtime of an invitation, per company type of the inviting side. */
export const folderShareDefaults = pgTable('folder_share_defaults', {
  companyType: companyTypeEnum('company_type').primaryKey(),
  expiryDays: integer('expiry_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
