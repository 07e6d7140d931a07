import { NOTIFICATION_ACTIONS, NOTIFICATION_ENTITIES, NOTIFICATION_LEVELS } from '@portal/domain/enums';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const notificationEntityEnum = pgEnum('notification_entity', NOTIFICATION_ENTITIES);
export const notificationActionEnum = pgEnum('notification_action', NOTIFICATION_ACTIONS);
export const notificationLevelEnum = pgEnum('notification_level', NOTIFICATION_LEVELS);

/**
 * SPEC §3 Notification, one row per user, written in the same transaction as its event. Only
 * customers' and suppliers' users get rows (SPEC §6). `mailed_at`: already summarised in a digest mail.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entity: notificationEntityEnum('entity').notNull(),
    action: notificationActionEnum('action').notNull(),
    level: notificationLevelEnum('level').notNull().default('info'),
    text: text('text').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // The bell's count reads only the unread rows of one user (ARCHITECTURE §7: <= 10 ms at 10,000 rows).
    index('notifications_unread_idx').on(t.userId, t.createdAt).where(sql`${t.readAt} is null`),
    // The digest looks for what waits unread and unmailed (few rows: mailed ones leave the index).
    index('notifications_digest_idx')
      .on(t.createdAt)
      .where(sql`${t.readAt} is null and ${t.mailedAt} is null`),
  ],
);

/** The digest mail per user: opt-out and when the last one went out (at most one an hour). */
export const notificationDigests = pgTable('notification_digests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
});

/**
 * The live events of the last day: written in the transaction of their change and sent by
 * NOTIFY with it, so a stream that reconnects with `Last-Event-ID` gets what it missed. A row is for one
 * company (everyone of it) or one user.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: uuid('company_id'),
    userId: uuid('user_id'),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_created_idx').on(t.createdAt)],
);
