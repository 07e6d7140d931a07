import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { articles } from './article';
import { articleImportRuns } from './import';

/**
 * The classes of the trade an article carries (SPEC §3/§5 catalog import): ECLASS with its 8-digit code
 * and IRDI, ETIM with its class id, each with the system's version. The E-Class master data stays the
 * work-time table; `articles.eclass_id` links an article to it by the ECLASS code, whatever the version.
 */
export const articleClasses = pgTable(
  'article_classes',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** ECLASS or ETIM. */
    system: text('system').notNull(),
    code: text('code').notNull(),
    version: text('version'),
    irdi: text('irdi'),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.system, t.code] }),
    index('article_classes_code_idx').on(t.system, t.code),
  ],
);

/**
 * Other articles of a catalog an article refers to (BMEcat PRODUCT_REFERENCE): similar ones and successors
 * (alternatives), accessories. Kept by the supplier's order number, so that a reference to an article
 * imported later, or not at all, is not lost.
 */
export const articleReferences = pgTable(
  'article_references',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** similar, followup, accessories, other. */
    type: text('type').notNull(),
    orderNumber: text('order_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.type, t.orderNumber] })],
);

/**
 * What a catalog import reads beyond the article's fields (classes, references), by file line, until the
 * run writes its articles; removed with the run's staging table.
 */
export const articleImportCatalogExtras = pgTable(
  'article_import_catalog_extras',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => articleImportRuns.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    classes: jsonb('classes'),
    refs: jsonb('refs'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.line] })],
);
