import { BOM_LINE_STATUSES, type BomLineStatus } from '@portal/domain/enums';
import { BOM_ERROR_STATUSES, type BomLineCounts } from '@portal/domain/schemas/bom';
import type { BomLineSortColumn } from '@portal/domain/schemas/bom-lines';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  adminBoms,
  articles,
  bomLines,
  discountGroups,
  eclassEntries,
  enquiryBoms,
  manufacturers,
  offers,
  units,
} from '../../db/schema';

/**
 * Whose lines: an enquiry's BOM, an operator's BOM result (SPEC §3 Admin BOM result) or an offer (its
 * articles; copied as a new generation in pieces, never re-mapped).
 */
export type BomOwner = { enquiryBomId: string } | { adminBomId: string } | { offerId: string };

/** The owner's current generation (a scalar subquery). */
export function currentGeneration(owner: BomOwner): SQL {
  if ('enquiryBomId' in owner) {
    return sql`(select ${enquiryBoms.linesGeneration} from ${enquiryBoms} where ${enquiryBoms.id} = ${owner.enquiryBomId})`;
  }
  if ('adminBomId' in owner) {
    return sql`(select ${adminBoms.linesGeneration} from ${adminBoms} where ${adminBoms.id} = ${owner.adminBomId})`;
  }
  return sql`(select ${offers.linesGeneration} from ${offers} where ${offers.id} = ${owner.offerId})`;
}

/** Every row of the owner, whatever its generation. */
export function ownerRows(owner: BomOwner): SQL {
  if ('enquiryBomId' in owner) return eq(bomLines.enquiryBomId, owner.enquiryBomId);
  if ('adminBomId' in owner) return eq(bomLines.adminBomId, owner.adminBomId);
  return eq(bomLines.offerId, owner.offerId);
}

/** The owner's current lines: its rows of the generation it points at (see db/schema/bom-lines.ts). */
export function ownerWhere(owner: BomOwner): SQL {
  return sql`${ownerRows(owner)} and ${bomLines.generation} = ${currentGeneration(owner)}`;
}

/** Lines per status of an owner. */
export async function countBomLines(db: DbOrTx, owner: BomOwner): Promise<BomLineCounts> {
  const rows = await db
    .select({ status: bomLines.status, n: count() })
    .from(bomLines)
    .where(ownerWhere(owner))
    .groupBy(bomLines.status);
  const byStatus = Object.fromEntries(BOM_LINE_STATUSES.map((status) => [status, 0])) as Record<
    BomLineStatus,
    number
  >;
  for (const row of rows) byStatus[row.status] = Number(row.n);
  return { total: Object.values(byStatus).reduce((sum, n) => sum + n, 0), byStatus };
}

/** A line with what its table row and price need. */
export const lineSelection = {
  line: bomLines,
  article: {
    id: articles.id,
    orderNumber: articles.orderNumber,
    manufacturerNumber: articles.manufacturerNumber,
    erpNumber: articles.erpNumber,
    eanNumber: articles.eanNumber,
    description: articles.description,
    purchasePrice: articles.purchasePrice,
    listPrice: articles.listPrice,
    priceUnitSize: articles.priceUnitSize,
  },
  articleManufacturer: manufacturers.displayName,
  articleUnit: units.displayName,
  /** The packages a line needs are read from the unit's names ("100 Stück", unit-dimensions.ts). */
  articleUnitVariants: units.nameVariants,
  discountPercent: discountGroups.percent,
  workTime: eclassEntries.workTime,
};

function lineQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(lineSelection)
    .from(bomLines)
    .leftJoin(articles, eq(articles.id, bomLines.matchedArticleId))
    .leftJoin(manufacturers, eq(manufacturers.id, articles.manufacturerId))
    .leftJoin(units, eq(units.id, articles.unitId))
    .leftJoin(discountGroups, eq(discountGroups.id, articles.discountGroupId))
    .leftJoin(eclassEntries, eq(eclassEntries.id, articles.eclassId))
    .where(where);
}

export type LineRow = Awaited<ReturnType<typeof lineQuery>>[number];

const SORT: Record<BomLineSortColumn, SQL> = {
  orderNumber: sql`lower(${bomLines.orderNumber}) collate "C"`,
  manufacturerNumber: sql`lower(${bomLines.manufacturerNumber}) collate "C"`,
  manufacturerName: sql`lower(${bomLines.manufacturerName})`,
  quantity: sql`${bomLines.quantity}`,
  rowNumber: sql`${bomLines.rowNumber}`,
  bmk: sql`lower(${bomLines.bmk})`,
  status: sql`${bomLines.status}`,
};

export interface LinePageRequest {
  page: number;
  size: number;
  column: BomLineSortColumn;
  descending: boolean;
  status?: BomLineStatus | undefined;
  errorsOnly: boolean;
}

function statusWhere(request: Pick<LinePageRequest, 'status' | 'errorsOnly'>): SQL | undefined {
  if (request.status) return eq(bomLines.status, request.status);
  if (request.errorsOnly) return inArray(bomLines.status, [...BOM_ERROR_STATUSES]);
  return undefined;
}

/**
 * One page of an owner's lines, sorted (nulls last, then by row). The page's ids are sorted and cut on the
 * narrow lines table alone; only those rows are then joined with their articles (a join before the sort
 * would join every line of the BOM for ten rows).
 */
export async function pageBomLines(
  db: DbOrTx,
  owner: BomOwner,
  request: LinePageRequest,
): Promise<LineRow[]> {
  const direction = request.descending ? desc : asc;
  const page = await db
    .select({ id: bomLines.id })
    .from(bomLines)
    .where(and(ownerWhere(owner), statusWhere(request)))
    .orderBy(
      sql`${SORT[request.column]} is null`,
      direction(SORT[request.column]),
      asc(bomLines.rowNumber),
      asc(bomLines.id),
    )
    .limit(request.size)
    .offset(request.page * request.size);
  const ids = page.map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await lineQuery(db, inArray(bomLines.id, ids));
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((x, y) => (order.get(x.line.id) ?? 0) - (order.get(y.line.id) ?? 0));
}

/** How many lines the page request's filter keeps, from the counts per status. */
export function filteredTotal(
  counts: BomLineCounts,
  request: Pick<LinePageRequest, 'status' | 'errorsOnly'>,
): number {
  if (request.status) return counts.byStatus[request.status];
  if (request.errorsOnly) return BOM_ERROR_STATUSES.reduce((sum, status) => sum + counts.byStatus[status], 0);
  return counts.total;
}

/** Every line of an owner in file order (estimate, summed BOM, export). */
export function allBomLines(db: DbOrTx, owner: BomOwner): Promise<LineRow[]> {
  return lineQuery(db, ownerWhere(owner)).orderBy(asc(bomLines.rowNumber), asc(bomLines.id));
}

/** Lines by id, limited to the owner (a line of another BOM is not found). */
export function bomLinesById(db: DbOrTx, owner: BomOwner, ids: readonly string[]): Promise<LineRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return lineQuery(db, and(ownerWhere(owner), inArray(bomLines.id, [...ids])));
}
