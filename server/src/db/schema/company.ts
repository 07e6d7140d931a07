import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyTypeEnum } from './enums';
import { updatedByColumn } from './updated-by';

/** SPEC §3 Company; the address is stored inline (one address per company). */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: companyTypeEnum('type').notNull(),
    active: boolean('active').notNull().default(true),
    pendingRegistration: boolean('pending_registration').notNull().default(false),
    additionalInfo: text('additional_info').notNull().default(''),
    customerNumber: text('customer_number'),
    street: text('street').notNull().default(''),
    houseNo: text('house_no').notNull().default(''),
    zip: text('zip').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default('DE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: updatedByColumn(),
  },
  (t) => [index('companies_name_idx').on(sql`lower(${t.name})`)],
);
