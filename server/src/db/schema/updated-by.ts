import { uuid } from 'drizzle-orm/pg-core';

/**
 * Who saved a record that several people edit last (no lost update, db/last-update.ts): named in
 * CHANGED_MEANWHILE when a save based on an older state is refused. Written together with `updated_at` by
 * every checked save. No foreign key: a deleted user's id simply finds no name any more (the message then
 * says "einem anderen Nutzer"), and deleting a user need not search the large tables (articles, BOM lines).
 */
export const updatedByColumn = () => uuid('updated_by');
