import { foldedContainsPattern } from '@portal/domain/rules/search-fold';
import type { EnquiryListQuery } from '@portal/domain/schemas/enquiry';
import { and, asc, count, desc, eq, exists, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cachedCount } from '../../db/count-cache';
import { preparedStatements } from '../../db/prepared';
import { companies, enquiries, enquiryFiles, enquiryRecipients } from '../../db/schema';

export type EnquiryRow = typeof enquiries.$inferSelect;
export type EnquiryValues = Omit<typeof enquiries.$inferInsert, 'createdAt' | 'updatedAt'>;
export type EnquiryFileRow = typeof enquiryFiles.$inferSelect;

/** Whose list is read: a customer's own company, or a supplier's released enquiries addressed to it. */
export type ListScope = { kind: 'customer'; companyId: string } | { kind: 'supplier'; companyId: string };

/** Is the enquiry addressed to `supplierId` (mode ALL, or chosen)? As SQL, for the list and the reads. */
function addressedTo(supplierId: string | Placeholder): SQL {
  return or(
    eq(enquiries.recipientsMode, 'ALL'),
    exists(
      sql`(select 1 from ${enquiryRecipients} where ${enquiryRecipients.enquiryId} = ${enquiries.id} and ${enquiryRecipients.supplierId} = ${supplierId})`,
    ),
  )!;
}

/**
 * The sort keys; the id breaks ties in the same direction, so a page is stable and each key reads in the
 * order of its index (enquiries_customer_*_idx, enquiries_open_*_idx).
 */
const SORT_KEYS: Record<EnquiryListQuery['column'], SQL> = {
  createDate: sql`${enquiries.createdAt}`,
  title: sql`lower(${enquiries.title})`,
  releaseDate: sql`${enquiries.releaseDate}`,
};

/** What the list's total reads (its cache forgets it on a write to either). */
const ENQUIRY_TABLES = ['enquiries', 'enquiry_recipients'] as const;

/** A prepared page statement per list shape (scope side, sort, archived switch, search), per handle. */
const pageStatement = preparedStatements<ReturnType<typeof preparePage>>();

/** The conditions of a list; `company` and `pattern` are values or placeholders. */
function listConditions(
  kind: ListScope['kind'],
  archived: boolean,
  company: string | Placeholder,
  pattern: string | Placeholder | undefined,
): SQL[] {
  const conditions: SQL[] = [];
  if (kind === 'customer') {
    conditions.push(eq(enquiries.customerId, company));
    if (!archived) conditions.push(eq(enquiries.archived, false));
  } else {
    // The same predicate as the partial indexes enquiries_open_*_idx.
    conditions.push(sql`${enquiries.released} and not ${enquiries.archived}`, addressedTo(company));
  }
  // Folded as Germans type (migration 0005 portal_fold): "Schaltschrank Mueller" finds "Müller".
  if (pattern !== undefined) conditions.push(sql`portal_fold(${enquiries.title}) like ${pattern}`);
  return conditions;
}

/** The page of one list shape, prepared once (ARCHITECTURE §7: no query building per request). */
function preparePage(db: DbOrTx, kind: ListScope['kind'], query: EnquiryListQuery, shape: string) {
  const direction = query.sortDescending ? desc : asc;
  return db
    .select({
      id: enquiries.id,
      title: enquiries.title,
      referenceNumber: enquiries.referenceNumber,
      customerName: companies.name,
      released: enquiries.released,
      releaseDate: enquiries.releaseDate,
      closed: enquiries.closed,
      archived: enquiries.archived,
      createdAt: enquiries.createdAt,
    })
    .from(enquiries)
    .innerJoin(companies, eq(companies.id, enquiries.customerId))
    .where(
      and(
        ...listConditions(
          kind,
          query.archived,
          sql.placeholder('companyId'),
          query.title ? sql.placeholder('pattern') : undefined,
        ),
      ),
    )
    .orderBy(direction(SORT_KEYS[query.column]), direction(enquiries.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`enquiry_page_${shape}`);
}

/** One page of a list (SPEC §2: search by title, sortable, paged; archived ones only on the switch). */
export async function findEnquiryPage(db: DbOrTx, scope: ListScope, query: EnquiryListQuery) {
  const pattern = query.title ? foldedContainsPattern(query.title) : undefined;
  const shape = `${scope.kind}_${query.column}_${query.sortDescending ? 'desc' : 'asc'}_${query.archived ? 'all' : 'current'}_${pattern ? 'search' : 'plain'}`;
  const page = pageStatement(db, shape, () => preparePage(db, scope.kind, query, shape));
  const [rows, total] = await Promise.all([
    page.execute({
      companyId: scope.companyId,
      pattern,
      limit: query.paginationSize,
      offset: query.page * query.paginationSize,
    }),
    cachedCount(
      db,
      `enquiries:${scope.kind}:${scope.companyId}:${query.archived}:${query.title ?? ''}`,
      ENQUIRY_TABLES,
      async () => {
        const where = and(...listConditions(scope.kind, query.archived, scope.companyId, pattern));
        return (await db.select({ n: count() }).from(enquiries).where(where))[0]?.n ?? 0;
      },
    ),
  ]);
  return { rows, total };
}

export async function findEnquiry(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ enquiry: enquiries, customerName: companies.name })
    .from(enquiries)
    .innerJoin(companies, eq(companies.id, enquiries.customerId))
    .where(eq(enquiries.id, id));
  const [row] = await (options.lock ? query.for('update', { of: enquiries }) : query);
  return row ?? null;
}

/** Is the enquiry addressed to this supplier (mode ALL, or the supplier is among the chosen)? */
export async function isAddressedTo(db: DbOrTx, enquiry: EnquiryRow, supplierId: string): Promise<boolean> {
  if (enquiry.recipientsMode === 'ALL') return true;
  const [row] = await db
    .select({ id: enquiryRecipients.supplierId })
    .from(enquiryRecipients)
    .where(and(eq(enquiryRecipients.enquiryId, enquiry.id), eq(enquiryRecipients.supplierId, supplierId)));
  return row !== undefined;
}

export async function insertEnquiry(db: DbOrTx, values: EnquiryValues): Promise<EnquiryRow> {
  const [row] = await db.insert(enquiries).values(values).returning();
  return row!;
}

/** Writes an enquiry's values, stamped now unless a checked save passes the change time it claimed. */
export async function updateEnquiry(
  db: DbOrTx,
  id: string,
  values: Partial<EnquiryValues> & { updatedAt?: Date },
): Promise<EnquiryRow> {
  const [row] = await db
    .update(enquiries)
    .set({ updatedAt: new Date(), ...values })
    .where(eq(enquiries.id, id))
    .returning();
  return row!;
}

export async function findEnquiriesByIds(db: DbOrTx, ids: string[]): Promise<EnquiryRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(enquiries).where(inArray(enquiries.id, ids)).for('update');
}

export async function findFiles(db: DbOrTx, enquiryId: string): Promise<EnquiryFileRow[]> {
  return db
    .select()
    .from(enquiryFiles)
    .where(eq(enquiryFiles.enquiryId, enquiryId))
    .orderBy(asc(enquiryFiles.createdAt), asc(enquiryFiles.filename));
}

export async function findFile(db: DbOrTx, enquiryId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(enquiryFiles)
    .where(and(eq(enquiryFiles.enquiryId, enquiryId), eq(enquiryFiles.id, fileId)));
  return row ?? null;
}

export async function insertFiles(db: DbOrTx, values: (typeof enquiryFiles.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(enquiryFiles).values(values).returning();
}

export async function updateFileType(db: DbOrTx, fileId: string, fileType: EnquiryFileRow['fileType']) {
  const [row] = await db
    .update(enquiryFiles)
    .set({ fileType })
    .where(eq(enquiryFiles.id, fileId))
    .returning();
  return row!;
}

export async function deleteFile(db: DbOrTx, fileId: string): Promise<void> {
  await db.delete(enquiryFiles).where(eq(enquiryFiles.id, fileId));
}

/** The chosen recipients with their names (customers see to whom their enquiry went). */
export async function findRecipients(db: DbOrTx, enquiryId: string) {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(enquiryRecipients)
    .innerJoin(companies, eq(companies.id, enquiryRecipients.supplierId))
    .where(eq(enquiryRecipients.enquiryId, enquiryId))
    .orderBy(asc(companies.name), asc(companies.id));
}

export async function insertRecipients(db: DbOrTx, enquiryId: string, supplierIds: string[]): Promise<void> {
  if (supplierIds.length === 0) return;
  await db.insert(enquiryRecipients).values(supplierIds.map((supplierId) => ({ enquiryId, supplierId })));
}

/** Supplier companies that can receive enquiries: active and not waiting for their registration. */
export async function findActiveSuppliers(db: DbOrTx, ids?: string[]) {
  const conditions = [
    eq(companies.type, 'SUPPLIER'),
    eq(companies.active, true),
    eq(companies.pendingRegistration, false),
  ];
  if (ids) conditions.push(inArray(companies.id, ids));
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(...conditions))
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(10_000);
}
