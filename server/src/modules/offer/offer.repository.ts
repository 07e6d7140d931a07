import { randomInt } from 'node:crypto';
import type { OfferListQuery, OfferSortColumn } from '@portal/domain/schemas/offer';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { cachedCount } from '../../db/count-cache';
import { yieldToRequests } from '../../db/pacing';
import { preparedStatements } from '../../db/prepared';
import { rowsOf } from '../../db/rows';
import { businessFolders, companies, enquiries, offerFiles, offers } from '../../db/schema';
import { activateLineGeneration } from '../bom';

export type OfferRow = typeof offers.$inferSelect;
export type OfferInsert = typeof offers.$inferInsert;
export type OfferFileRow = typeof offerFiles.$inferSelect;

const supplier = alias(companies, 'offer_supplier');
const customer = alias(companies, 'offer_customer');

/** Offers with the names a detail or a mail shows (supplier, customer, enquiry title). */
export function selectOffersWithNames(db: DbOrTx) {
  return db
    .select({
      offer: offers,
      supplierName: supplier.name,
      customerName: customer.name,
      enquiryTitle: enquiries.title,
    })
    .from(offers)
    .innerJoin(supplier, eq(supplier.id, offers.supplierId))
    .innerJoin(customer, eq(customer.id, offers.customerId))
    .innerJoin(enquiries, eq(enquiries.id, offers.enquiryId));
}

/** An offer with the names the detail shows (supplier, customer, enquiry title). */
export async function findOffer(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
  const query = selectOffersWithNames(db).where(eq(offers.id, id));
  const [row] = options.lock ? await query.for('update', { of: offers }) : await query;
  return row ?? null;
}
export type FoundOffer = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

export async function insertOffer(tx: DbOrTx, values: OfferInsert): Promise<OfferRow> {
  const [row] = await tx.insert(offers).values(values).returning();
  // SPEC §3 Business data: every offer has its project folder from the start, one for all its versions.
  await tx.insert(businessFolders).values({ lineageId: row!.lineageId }).onConflictDoNothing();
  return row!;
}

/** Removes an offer that was never shown to anyone (a creation or revision whose copy of articles failed). */
export async function deleteOffer(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(offers).where(eq(offers.id, id));
}

/** The project folder of an offer lineage (the business data button of the detail page). */
export async function findFolderId(tx: DbOrTx, lineageId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: businessFolders.id })
    .from(businessFolders)
    .where(eq(businessFolders.lineageId, lineageId));
  return row?.id ?? null;
}

/** Writes an offer's values, stamped now unless a checked save passes the change time it claimed. */
export async function updateOffer(tx: DbOrTx, id: string, values: Partial<OfferInsert>): Promise<OfferRow> {
  const [row] = await tx
    .update(offers)
    .set({ updatedAt: new Date(), ...values })
    .where(eq(offers.id, id))
    .returning();
  return row!;
}

/** The supplier's open (current, not deleted) offer on an enquiry. */
export async function findOpenOffer(db: DbOrTx, enquiryId: string, supplierId: string) {
  const [row] = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.enquiryId, enquiryId),
        eq(offers.supplierId, supplierId),
        eq(offers.invalidated, false),
        eq(offers.archived, false),
      ),
    );
  return row ?? null;
}

/** Every version of a lineage, oldest first. */
export function findVersions(db: DbOrTx, lineageId: string): Promise<OfferRow[]> {
  return db.select().from(offers).where(eq(offers.lineageId, lineageId)).orderBy(asc(offers.version));
}

/** The released offers the customer's lists show on an enquiry (one per supplier: the latest released). */
export function findCustomerCurrentOffers(db: DbOrTx, enquiryId: string) {
  return db
    .select({ offer: offers, supplierName: supplier.name })
    .from(offers)
    .innerJoin(supplier, eq(supplier.id, offers.supplierId))
    .where(and(eq(offers.enquiryId, enquiryId), eq(offers.customerCurrent, true), eq(offers.archived, false)))
    .orderBy(asc(supplier.name));
}

export async function countCustomerCurrentOffers(db: DbOrTx, enquiryId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(offers)
    .where(
      and(eq(offers.enquiryId, enquiryId), eq(offers.customerCurrent, true), eq(offers.archived, false)),
    );
  return Number(row?.n ?? 0);
}

/** Marks `id` as the version of its lineage the customer's lists show (on release). */
export async function makeCustomerCurrent(tx: DbOrTx, lineageId: string, id: string): Promise<void> {
  await tx
    .update(offers)
    .set({ customerCurrent: sql`${offers.id} = ${id}` })
    .where(and(eq(offers.lineageId, lineageId), sql`(${offers.customerCurrent} or ${offers.id} = ${id})`));
}

export function findOffersByIds(db: DbOrTx, ids: string[]): Promise<OfferRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(offers).where(inArray(offers.id, ids));
}

/**
 * The list's sort columns, each served by an index of db/schema/offer.ts read forwards or backwards (so
 * empty values come last ascending and first descending, as PostgreSQL orders them: unreleased drafts
 * head the supplier's list by release date, newest first).
 */
const SORT: Record<OfferSortColumn, SQL> = {
  offerNumber: sql`lower(${offers.offerNumber})`,
  referenceNumber: sql`lower(${offers.referenceNumber})`,
  releaseDate: sql`${offers.releaseDate}`,
  createDate: sql`${offers.createdAt}`,
};

export type OfferListScope = { kind: 'supplier' | 'customer'; companyId: string };
export type OfferListVersion = { id: string; version: number };

/** A prepared page statement per list shape (scope side, sort, archived switch, search), per handle. */
const pageStatement = preparedStatements<ReturnType<typeof preparePage>>();

/**
 * The page of one list shape, prepared once (ARCHITECTURE §7: the query builder ran on every request): the
 * company, the states, the search pattern, the size and the offset are placeholders.
 */
function preparePage(db: DbOrTx, scope: OfferListScope['kind'], query: OfferListQuery, shape: string) {
  const counterpart = scope === 'supplier' ? customer : supplier;
  const direction = query.sortDescending ? desc : asc;
  const company = sql.placeholder('companyId');
  // Every version of the row's lineage the side may open (customers: released ones), in the same round trip.
  const versions = sql<
    OfferListVersion[]
  >`(select coalesce(json_agg(json_build_object('id', v.id, 'version', v.version)
      order by v.version), '[]'::json) from offers v where v.lineage_id = ${offers.lineageId}
      ${scope === 'customer' ? sql`and v.released` : sql``})`;
  return db
    .select({ offer: offers, counterpartName: counterpart.name, enquiryTitle: enquiries.title, versions })
    .from(offers)
    .innerJoin(counterpart, eq(counterpart.id, scope === 'supplier' ? offers.customerId : offers.supplierId))
    .innerJoin(enquiries, eq(enquiries.id, offers.enquiryId))
    .where(
      and(
        scope === 'supplier'
          ? and(eq(offers.supplierId, company), eq(offers.invalidated, false))
          : and(eq(offers.customerId, company), eq(offers.customerCurrent, true)),
        sql`${offers.state} = any(${sql.placeholder('states')}::offer_state[])`,
        query.archived ? undefined : eq(offers.archived, false),
        query.referenceNumber
          ? sql`lower(${offers.referenceNumber}) like ${sql.placeholder('pattern')}`
          : undefined,
      ),
    )
    .orderBy(direction(SORT[query.column]), direction(offers.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`offer_page_${shape}`);
}

/**
 * SPEC §2 lists: the supplier's current versions, or the customer's current released versions, in the
 * states asked for. The reference number is searched as a case-insensitive substring.
 */
export async function findOfferPage(db: DbOrTx, scope: OfferListScope, query: OfferListQuery) {
  const pattern = query.referenceNumber
    ? `%${query.referenceNumber.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    : undefined;
  const shape = `${scope.kind}_${query.column}_${query.sortDescending ? 'desc' : 'asc'}_${query.archived ? 'all' : 'current'}_${pattern ? 'search' : 'plain'}`;
  const page = pageStatement(db, shape, () => preparePage(db, scope.kind, query, shape));
  const countAll = async () => {
    const where = and(
      scope.kind === 'supplier'
        ? and(eq(offers.supplierId, scope.companyId), eq(offers.invalidated, false))
        : and(eq(offers.customerId, scope.companyId), eq(offers.customerCurrent, true)),
      inArray(offers.state, query.states),
      query.archived ? undefined : eq(offers.archived, false),
      pattern ? sql`lower(${offers.referenceNumber}) like ${pattern}` : undefined,
    );
    return Number((await db.select({ n: count() }).from(offers).where(where))[0]?.n ?? 0);
  };
  const [rows, total] = await Promise.all([
    page.execute({
      companyId: scope.companyId,
      states: `{${query.states.join(',')}}`,
      pattern,
      limit: query.paginationSize,
      offset: query.page * query.paginationSize,
    }),
    cachedCount(
      db,
      `offers:${scope.kind}:${scope.companyId}:${query.states.join(',')}:${query.archived}:${query.referenceNumber ?? ''}`,
      ['offers'],
      countAll,
    ),
  ]);
  return { rows, total };
}

export function findOfferFiles(db: DbOrTx, offerId: string): Promise<OfferFileRow[]> {
  return db
    .select()
    .from(offerFiles)
    .where(eq(offerFiles.offerId, offerId))
    .orderBy(asc(offerFiles.createdAt));
}

export async function findOfferFile(db: DbOrTx, offerId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(offerFiles)
    .where(and(eq(offerFiles.offerId, offerId), eq(offerFiles.id, fileId)));
  return row ?? null;
}

export function insertOfferFiles(tx: DbOrTx, rows: (typeof offerFiles.$inferInsert)[]) {
  if (rows.length === 0) return Promise.resolve([] as OfferFileRow[]);
  return tx.insert(offerFiles).values(rows).returning();
}

export async function deleteOfferFile(tx: DbOrTx, fileId: string): Promise<void> {
  await tx.delete(offerFiles).where(eq(offerFiles.id, fileId));
}

/** Rows per transaction of a copy: some 30 ms on the embedded database (ARCHITECTURE §3a). */
const COPY_PIECE = 250;

/**
 * Copies the current lines of `from` (an enquiry's BOM or an earlier version) as the articles of the offer
 * `offerId`: every value and the match; `edited` and the supplier's price, note, lead time and alternative as
 * `keepOfferValues` says (a new offer starts unedited and unpriced, a revision keeps them). Never blocks the portal: the
 * lines are written as a new generation in pieces of COPY_PIECE rows, a turn of the event loop between
 * them (a 20,000-line BOM in one statement held the embedded database for 2.3–3.0 s), and the offer is
 * pointed at the generation at the end, so nobody reads half of its articles. Returns the lines copied.
 */
export async function copyLinesToOffer(
  db: Db,
  from: { enquiryBomId: string } | { offerId: string },
  offerId: string,
  keepOfferValues: boolean,
): Promise<number> {
  const origin = 'enquiryBomId' in from ? sql`b.id` : sql`b.origin_line_id`;
  // A new offer's lead time per line starts as its matched article's (working days); a revision keeps its own.
  const kept = keepOfferValues
    ? KEPT_OFFER_VALUES
    : sql`false, null, null, null, null, null,
        (select a.delivery_time from articles a where a.id = b.matched_article_id), null, null`;
  const generation = randomInt(1, 2 ** 31 - 1);
  let last = '00000000-0000-0000-0000-000000000000';
  let copied = 0;
  for (;;) {
    const result = await db.transaction((tx) =>
      tx.execute(sql`
        with src as (
          select * from bom_lines b where ${sourceWhere(from)} and b.id > ${last}::uuid order by b.id limit ${COPY_PIECE}
        ), ins as (
          ${insertLinesFrom(sql`src`, offerId, generation, origin, kept)}
          returning 1
        )
        select max(id::text) as last, count(*)::int as n from src`),
    );
    const [row] = rowsOf<{ last: string | null; n: number }>(result);
    const n = Number(row?.n ?? 0);
    copied += n;
    if (n < COPY_PIECE || !row?.last) break;
    last = row.last;
    await yieldToRequests();
  }
  await db.transaction((tx) => activateLineGeneration(tx, { offerId }, generation));
  return copied;
}

/**
 * The INSERT of offer lines for the offer `offerId` from the `b` rows of `source`: every value and the match, the
 * line of origin and the supplier's values (edited, price, note, price source, lead time) as given.
 */
export function insertLinesFrom(
  source: SQL,
  offerId: string,
  generation: number,
  origin: SQL,
  kept: SQL,
): SQL {
  return sql`insert into bom_lines (offer_id, generation, row_number, quantity, article_quantity, quantity_unit_name,
      quantity_unit_id, is_supplied_part, function_designation, functional_assignment, location_identifier,
      installation_location, bmk, wholesaler_order_number, order_number, manufacturer_number,
      manufacturer_name, manufacturer_id, matched_article_id, manual_replacement, status, candidate_ids, raw,
      match_kind, suggestions, origin_line_id, edited, price_per_piece, note, base_price_per_piece,
      price_source, price_source_name, delivery_time, alternative_article_id, alternative_price_per_piece,
      description, erp_number)
    select ${offerId}, ${generation}, b.row_number, b.quantity, b.article_quantity, b.quantity_unit_name,
      b.quantity_unit_id, b.is_supplied_part, b.function_designation, b.functional_assignment,
      b.location_identifier, b.installation_location, b.bmk, b.wholesaler_order_number, b.order_number,
      b.manufacturer_number, b.manufacturer_name, b.manufacturer_id, b.matched_article_id,
      b.manual_replacement, b.status, b.candidate_ids, b.raw, b.match_kind, b.suggestions, ${origin}, ${kept},
      b.description, b.erp_number
    from ${source} b`;
}

/** A revision keeps the supplier's values of each line. */
export const KEPT_OFFER_VALUES = sql`b.edited, b.price_per_piece, b.note, b.base_price_per_piece, b.price_source,
  b.price_source_name, b.delivery_time, b.alternative_article_id, b.alternative_price_per_piece`;

/** `b` rows that are the current lines of `from`. */
function sourceWhere(from: { enquiryBomId: string } | { offerId: string }) {
  return 'enquiryBomId' in from
    ? sql`b.enquiry_bom_id = ${from.enquiryBomId} and b.generation =
        (select lines_generation from enquiry_boms where id = ${from.enquiryBomId})`
    : sql`b.offer_id = ${from.offerId} and b.generation = (select lines_generation from offers where id = ${from.offerId})`;
}
