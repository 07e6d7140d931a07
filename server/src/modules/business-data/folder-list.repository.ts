import type { OfferState } from '@portal/domain/enums';
import { berlinToday } from '@portal/domain/rules/berlin-date';
import type { FolderListItem, FolderListPage } from '@portal/domain/schemas/business-data';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RequestActor } from '../../auth/actor';
import type { DbOrTx } from '../../db/client';
import { cachedCount } from '../../db/count-cache';
import { rowsOf } from '../../db/rows';
import { businessFolders, companies, offers } from '../../db/schema';

/**
 * The project folder list (SPEC §2 /business-data: states CONFIRMED, ACCEPTED, OPEN). Two parts:
 * COMPANY, the offers of the user's own company (a supplier's current versions, a customer's released
 * current versions) read from the partial list indexes of db/schema/offer.ts newest first, each joined to
 * its folder by the unique lineage id; SHARED, the folders shared with the user's e-mail (few per person,
 * read from the shares' e-mail index). Each part stops after the rows the page needs, so no request sorts a
 * company's offers. File counts come from business_folders.file_count, never from the item rows.
 */

export const FOLDER_LIST_STATES: readonly OfferState[] = ['OPEN', 'ACCEPTED', 'CONFIRMED'];

interface FolderListInput {
  page: number;
  paginationSize: number;
  search?: string | undefined;
}

type Side = 'SUPPLIER' | 'CUSTOMER';

function sideOf(actor: RequestActor): Side | null {
  return actor.companyType === 'SUPPLIER' || actor.companyType === 'CUSTOMER' ? actor.companyType : null;
}

/** The folder's types map lets the side's non-admin users read (read or write, domain/permissions-folder.ts). */
function typesReadable(side: Side, folder: SQL): SQL {
  // The side as a literal (a closed set), so the planner matches the partial indexes of db/schema/business-data.ts.
  const key = sql.raw(`'${side}'`);
  return sql`(coalesce((${folder} -> ${key} ->> 'read')::boolean, false)
    or coalesce((${folder} -> ${key} ->> 'write')::boolean, false))`;
}

/** The user's own company's offers in the listed states (`o` an offers row, `f` its folder). */
function companyCondition(actor: RequestActor, side: Side, o: string, f: string): SQL {
  const readable = actor.admin ? sql`true` : typesReadable(side, sql.raw(`${f}.types`));
  return sql`${ownOffers(actor, side, o)} and ${readable}`;
}

/** The company's offers in the listed states, whatever their folders' types map says. */
function ownOffers(actor: RequestActor, side: Side, o: string): SQL {
  const offer = sql.raw(o);
  const owner =
    side === 'SUPPLIER'
      ? sql`${offer}.supplier_id = ${actor.companyId} and not ${offer}.invalidated`
      : sql`${offer}.customer_id = ${actor.companyId} and ${offer}.customer_current`;
  return sql`${owner} and not ${offer}.archived and ${offer}.state in ${statesList()}`;
}

function statesList(): SQL {
  return sql`(${sql.join(
    FOLDER_LIST_STATES.map((state) => sql`${state}::offer_state`),
    sql`, `,
  )})`;
}

function searchCondition(search: string | undefined, o: string): SQL {
  if (!search) return sql`true`;
  const offer = sql.raw(o);
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(${offer}.reference_number) like ${pattern} or lower(${offer}.offer_number) like ${pattern})`;
}

/**
 * The folders shared with the user's e-mail: an active entry (last day absent or not past) on a folder that
 * allows external users, shown with the lineage's latest version, unless the COMPANY part lists it already.
 */
function sharedFrom(actor: RequestActor, side: Side | null, today: string): SQL {
  const notCompany = side
    ? sql`and not exists (select 1 from offers c where c.lineage_id = f.lineage_id
        and ${companyCondition(actor, side, 'c', 'f')})`
    : sql``;
  return sql`from business_folder_shares s
    join business_folders f on f.id = s.folder_id and f.allow_external
    cross join lateral (select o.id, o.created_at, o.state, o.archived, o.reference_number, o.offer_number
      from offers o where o.lineage_id = f.lineage_id order by o.version desc limit 1) o
    where s.email = ${actor.email.toLowerCase()} and (s.end_date is null or s.end_date >= ${today}::date)
      and (s.read or s.write) and not o.archived and o.state in ${statesList()} ${notCompany}`;
}

function companyFrom(actor: RequestActor, side: Side): SQL {
  return sql`from offers o join business_folders f on f.lineage_id = o.lineage_id
    where ${companyCondition(actor, side, 'o', 'f')}`;
}

interface PageRow {
  offer_id: string;
  folder_id: string;
  access: 'COMPANY' | 'SHARED';
}

/** The page's offer ids in list order: each part newest first up to offset + size rows, then merged. */
async function pageIds(db: DbOrTx, actor: RequestActor, query: FolderListInput, today: string) {
  const side = sideOf(actor);
  const offset = query.page * query.paginationSize;
  const reach = offset + query.paginationSize;
  const parts: SQL[] = [];
  if (side) {
    parts.push(sql`(select o.id as offer_id, f.id as folder_id, 'COMPANY' as access, o.created_at
      ${companyFrom(actor, side)} and ${searchCondition(query.search, 'o')}
      order by o.created_at desc, o.id desc limit ${reach})`);
  }
  parts.push(sql`(select o.id as offer_id, f.id as folder_id, 'SHARED' as access, o.created_at
    ${sharedFrom(actor, side, today)} and ${searchCondition(query.search, 'o')}
    order by o.created_at desc, o.id desc limit ${reach})`);
  const result = await db.execute(sql`select offer_id, folder_id, access from (
      ${sql.join(parts, sql` union all `)}) page
    order by created_at desc, offer_id desc limit ${query.paginationSize} offset ${offset}`);
  return rowsOf<PageRow>(result);
}

/**
 * totalElements. The company's rows are counted from the offers' list index alone; for a non-admin the
 * folders whose types map shuts the side out are subtracted (few: a join of every row of a large company with
 * its folder would cost more than the page).
 */
async function countRows(db: DbOrTx, actor: RequestActor, query: FolderListInput, today: string) {
  const side = sideOf(actor);
  const search = searchCondition(query.search, 'o');
  let company = sql`0`;
  if (side) {
    company = sql`(select count(*) from offers o where ${ownOffers(actor, side, 'o')} and ${search})`;
    if (!actor.admin) {
      company = sql`${company} - (select count(*) from business_folders f
        join offers o on o.lineage_id = f.lineage_id
        where not ${typesReadable(side, sql.raw('f.types'))} and ${ownOffers(actor, side, 'o')} and ${search})`;
    }
  }
  const result = await db.execute(
    sql`select (${company})::int + (select count(*) ${sharedFrom(actor, side, today)} and ${search})::int as n`,
  );
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/** What the folder total reads (its cache forgets it on a write to any of them). */
const FOLDER_TABLES = ['offers', 'business_folders', 'business_folder_shares'] as const;

const customer = alias(companies, 'list_customer');
const supplier = alias(companies, 'list_supplier');

/** GET /api/offer/businessdata/list for a signed-in user. */
export async function findFolderPage(
  db: DbOrTx,
  actor: RequestActor,
  query: FolderListInput,
): Promise<FolderListPage> {
  const today = berlinToday();
  const [ids, totalElements] = await Promise.all([
    pageIds(db, actor, query, today),
    cachedCount(
      db,
      `folders:${actor.userId}:${actor.companyId}:${actor.admin}:${today}:${query.search ?? ''}`,
      FOLDER_TABLES,
      () => countRows(db, actor, query, today),
    ),
  ]);
  if (ids.length === 0) return { content: [], totalElements };
  const rows = await db
    .select({
      offer: {
        id: offers.id,
        referenceNumber: offers.referenceNumber,
        offerNumber: offers.offerNumber,
        version: offers.version,
        state: offers.state,
      },
      fileCount: businessFolders.fileCount,
      lastUpdate: businessFolders.lastUpdate,
      customerName: customer.name,
      supplierName: supplier.name,
    })
    .from(offers)
    .innerJoin(businessFolders, eq(businessFolders.lineageId, offers.lineageId))
    .innerJoin(customer, eq(customer.id, offers.customerId))
    .innerJoin(supplier, eq(supplier.id, offers.supplierId))
    .where(
      inArray(
        offers.id,
        ids.map((row) => row.offer_id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.offer.id, row]));
  const content: FolderListItem[] = [];
  for (const { offer_id, folder_id, access } of ids) {
    const row = byId.get(offer_id);
    if (!row) continue;
    content.push({
      folderId: folder_id,
      offerId: access === 'COMPANY' ? offer_id : null,
      referenceNumber: row.offer.referenceNumber,
      offerNumber: row.offer.offerNumber,
      version: row.offer.version,
      state: row.offer.state,
      customerName: row.customerName,
      supplierName: row.supplierName,
      fileCount: row.fileCount,
      lastUpdate: row.lastUpdate?.toISOString() ?? null,
      access,
    });
  }
  return { content, totalElements };
}
