import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * SPEC §3 changeEntries of every audited record (companies, users, and later articles, E-Class ...):
 * who changed which field from what to what, when. The author's name is kept when the user is deleted.
 */
export const changeEntries = pgTable(
  'change_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_entries_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);
