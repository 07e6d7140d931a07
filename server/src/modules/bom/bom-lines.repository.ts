import { BOM_LINE_STATUSES, type BomLineStatus } from '@portal/domain/enums';
import { BOM_ERROR_STATUSES, type BomLineCounts } from '@portal/domain/schemas/bom';
import type { BomLineSortColumn } from '@portal/domain/schemas/bom-lines';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articles, bomLines, discountGroups, eclassEntries, manufacturers, units } from '../../db/schema';
import type { BomFileLine } from './bom-file-lines';
import type { LineMatch } from './bom-match';

/** Whose lines: an enquiry's BOM or an operator's BOM result (SPEC §3 Admin BOM result). */
export type BomOwner = { enquiryBomId: string } | { adminBomId: string };

export function ownerWhere(owner: BomOwner): SQL {
  return 'enquiryBomId' in owner
    ? eq(bomLines.enquiryBomId, owner.enquiryBomId)
    : eq(bomLines.adminBomId, owner.adminBomId);
}

function ownerColumns(owner: BomOwner) {
  return 'enquiryBomId' in owner
    ? { enquiryBomId: owner.enquiryBomId, adminBomId: null }
    : { enquiryBomId: null, adminBomId: owner.adminBomId };
}

/** Rows per INSERT statement (25 columns: well below the 65,535 parameters of one statement). */
const INSERT_PIECE = 1000;

/** Replaces the owner's lines with `lines` and their matches (inside the caller's transaction). */
export async function replaceBomLines(
  tx: DbOrTx,
  owner: BomOwner,
  lines: readonly BomFileLine[],
  matches: readonly LineMatch[],
): Promise<void> {
  await tx.delete(bomLines).where(ownerWhere(owner));
  for (let start = 0; start < lines.length; start += INSERT_PIECE) {
    const rows = lines.slice(start, start + INSERT_PIECE).map((line, offset) => {
      const match = matches[start + offset] as LineMatch;
      const { values } = line;
      return {
        ...ownerColumns(owner),
        rowNumber: line.rowNumber,
        quantity: values.quantity,
        quantityUnitName: values.unit,
        isSuppliedPart: values.isSuppliedPart,
        functionDesignation: values.functionDesignation,
        functionalAssignment: values.functionalAssignment,
        locationIdentifier: values.locationIdentifier,
        installationLocation: values.installationLocation,
        bmk: values.bmk,
        wholesalerOrderNumber: values.wholesalerOrderNumber,
        orderNumber: values.orderNumber,
        manufacturerNumber: values.manufacturerNumber,
        manufacturerName: values.manufacturerName,
        raw: line.raw,
        ...matchColumns(match),
      };
    });
    await tx.insert(bomLines).values(rows);
  }
}

/** The columns a match sets (insert and re-match). */
export function matchColumns(match: LineMatch) {
  return {
    manufacturerId: match.manufacturerId,
    quantityUnitId: match.quantityUnitId,
    status: match.status,
    matchedArticleId: match.matchedArticleId,
    candidateIds: match.candidateIds,
    articleQuantity: match.articleQuantity,
  };
}

/** Writes the matches of many lines in one statement (re-matching after an assignment). */
export async function updateLineMatches(
  tx: DbOrTx,
  updates: readonly { id: string; match: LineMatch }[],
): Promise<void> {
  if (updates.length === 0) return;
  const input = JSON.stringify(
    updates.map(({ id, match }) => ({
      id,
      mid: match.manufacturerId,
      uid: match.quantityUnitId,
      status: match.status,
      aid: match.matchedArticleId,
      aq: match.articleQuantity,
      cands: match.candidateIds,
    })),
  );
  await tx.execute(sql`
    update bom_lines b set manufacturer_id = v.mid, quantity_unit_id = v.uid,
      status = v.status::bom_line_status, matched_article_id = v.aid, article_quantity = v.aq,
      candidate_ids = array(select jsonb_array_elements_text(v.cands))::uuid[]
    from jsonb_to_recordset(${input}::jsonb)
      as v(id uuid, mid uuid, uid uuid, status text, aid uuid, aq numeric, cands jsonb)
    where b.id = v.id`);
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
    description: articles.description,
    purchasePrice: articles.purchasePrice,
    listPrice: articles.listPrice,
    priceUnitSize: articles.priceUnitSize,
  },
  articleManufacturer: manufacturers.displayName,
  articleUnit: units.displayName,
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
