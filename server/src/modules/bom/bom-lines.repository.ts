import { randomInt } from 'node:crypto';
import { BOM_LINE_STATUSES, type BomLineStatus } from '@portal/domain/enums';
import { BOM_ERROR_STATUSES, type BomLineCounts } from '@portal/domain/schemas/bom';
import type { BomLineSortColumn } from '@portal/domain/schemas/bom-lines';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { yieldToRequests } from '../../db/pacing';
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
import type { BomFileLine } from './bom-file-lines';
import type { LineMatch } from './bom-match';

/**
 * Whose lines: an enquiry's BOM, an operator's BOM result (SPEC §3 Admin BOM result) or an offer (its
 * articles; copied as a new generation in pieces, never re-mapped).
 */
export type BomOwner = { enquiryBomId: string } | { adminBomId: string } | { offerId: string };

/** The owner's current generation (a scalar subquery). */
function currentGeneration(owner: BomOwner): SQL {
  if ('enquiryBomId' in owner) {
    return sql`(select ${enquiryBoms.linesGeneration} from ${enquiryBoms} where ${enquiryBoms.id} = ${owner.enquiryBomId})`;
  }
  if ('adminBomId' in owner) {
    return sql`(select ${adminBoms.linesGeneration} from ${adminBoms} where ${adminBoms.id} = ${owner.adminBomId})`;
  }
  return sql`(select ${offers.linesGeneration} from ${offers} where ${offers.id} = ${owner.offerId})`;
}

/** Every row of the owner, whatever its generation. */
function ownerRows(owner: BomOwner): SQL {
  if ('enquiryBomId' in owner) return eq(bomLines.enquiryBomId, owner.enquiryBomId);
  if ('adminBomId' in owner) return eq(bomLines.adminBomId, owner.adminBomId);
  return eq(bomLines.offerId, owner.offerId);
}

/** The owner's current lines: its rows of the generation it points at (see db/schema/bom-lines.ts). */
export function ownerWhere(owner: BomOwner): SQL {
  return sql`${ownerRows(owner)} and ${bomLines.generation} = ${currentGeneration(owner)}`;
}

function ownerColumns(owner: BomOwner) {
  return {
    enquiryBomId: 'enquiryBomId' in owner ? owner.enquiryBomId : null,
    adminBomId: 'adminBomId' in owner ? owner.adminBomId : null,
    offerId: 'offerId' in owner ? owner.offerId : null,
  };
}

/**
 * Rows per INSERT and DELETE transaction: a hundred lines take some 10–20 ms on the embedded database
 * (a whole 5,000-line BOM in one transaction held it for 1.2–1.9 s), and the event loop turns between them.
 */
const WRITE_PIECE = 100;

/**
 * Writes `lines` with their matches as a new generation of the owner's lines, in short transactions, and
 * returns its number. Nobody sees them until the caller points the owner at the generation
 * (`activateLineGeneration`, in its own transaction with its checks); then `removeStaleLines`.
 */
export async function writeLineGeneration(
  db: Db,
  owner: BomOwner,
  lines: readonly BomFileLine[],
  matches: readonly LineMatch[],
): Promise<number> {
  const generation = randomInt(1, 2 ** 31 - 1);
  for (let start = 0; start < lines.length; start += WRITE_PIECE) {
    if (start > 0) await yieldToRequests();
    const rows = lines.slice(start, start + WRITE_PIECE).map((line, offset) => {
      const match = matches[start + offset] as LineMatch;
      const { values } = line;
      return {
        ...ownerColumns(owner),
        generation,
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
    await db.transaction((tx) => tx.insert(bomLines).values(rows));
  }
  return generation;
}

/** How many rows of the owner belong to `generation`. */
export async function countGeneration(tx: DbOrTx, owner: BomOwner, generation: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bomLines)
    .where(and(ownerRows(owner), eq(bomLines.generation, generation)));
  return Number(row?.n ?? 0);
}

/** Points the owner at a generation of its lines (inside the caller's transaction). */
export async function activateLineGeneration(tx: DbOrTx, owner: BomOwner, generation: number): Promise<void> {
  if ('enquiryBomId' in owner) {
    await tx
      .update(enquiryBoms)
      .set({ linesGeneration: generation })
      .where(eq(enquiryBoms.id, owner.enquiryBomId));
  } else if ('adminBomId' in owner) {
    await tx.update(adminBoms).set({ linesGeneration: generation }).where(eq(adminBoms.id, owner.adminBomId));
  } else {
    await tx.update(offers).set({ linesGeneration: generation }).where(eq(offers.id, owner.offerId));
  }
}

/**
 * Removes the owner's rows of every generation but the current one, a piece per transaction (after a new
 * generation was activated, or after writing one failed). Also safe while nothing is stale.
 */
export async function removeStaleLines(db: Db, owner: BomOwner): Promise<void> {
  const current = currentGeneration(owner);
  for (;;) {
    const removed = await db.transaction((tx) =>
      tx
        .delete(bomLines)
        .where(
          inArray(
            bomLines.id,
            tx
              .select({ id: bomLines.id })
              .from(bomLines)
              .where(and(ownerRows(owner), sql`${bomLines.generation} is distinct from ${current}`))
              .limit(WRITE_PIECE),
          ),
        )
        .returning({ id: bomLines.id }),
    );
    if (removed.length < WRITE_PIECE) return;
    await yieldToRequests();
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

/**
 * Stores a line's edited values with their new match, flagged edited; a manual assignment no longer
 * holds (SPEC §4 edited line).
 */
export async function updateEditedLine(
  tx: DbOrTx,
  lineId: string,
  values: Pick<
    typeof bomLines.$inferInsert,
    'quantity' | 'quantityUnitName' | 'orderNumber' | 'manufacturerNumber' | 'manufacturerName'
  >,
  match: LineMatch,
): Promise<void> {
  await tx
    .update(bomLines)
    .set({ ...values, edited: true, manualReplacement: false, ...matchColumns(match) })
    .where(eq(bomLines.id, lineId));
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
