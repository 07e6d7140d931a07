import { randomInt } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { yieldToRequests } from '../../db/pacing';
import { adminBoms, bomLines, enquiryBoms, offers } from '../../db/schema';
import type { BomFileLine } from './bom-file-lines';
import { type BomOwner, currentGeneration, ownerRows } from './bom-lines.repository';
import type { LineMatch } from './bom-match';

/**
 * Writing BOM lines: a new generation in pieces, its activation and the removal of stale rows (see
 * db/schema/bom-lines.ts), and the matches and edits of single lines.
 */

function ownerColumns(owner: BomOwner) {
  return {
    enquiryBomId: 'enquiryBomId' in owner ? owner.enquiryBomId : null,
    adminBomId: 'adminBomId' in owner ? owner.adminBomId : null,
    offerId: 'offerId' in owner ? owner.offerId : null,
  };
}

/**
 * Rows per INSERT and DELETE transaction on the embedded database: a hundred lines take some 10–20 ms there
 * (a whole 5,000-line BOM in one transaction held it for 1.2–1.9 s), and the event loop turns between them.
 * On PostgreSQL an insert holds up no other statement, and larger ones mean fewer statements to plan and
 * fewer commits to flush (writeLines' `rowsPerStatement`).
 */
export const WRITE_PIECE = 100;

/** The number of a new generation of an owner's lines (see db/schema/bom-lines.ts). */
export const newLineGeneration = () => randomInt(1, 2 ** 31 - 1);

/**
 * Writes `lines` with their matches into `generation` of the owner's lines, in short transactions. Nobody
 * sees them until the caller points the owner at the generation (`activateLineGeneration`, in its own
 * transaction with its checks); then `removeStaleLines`.
 *
 * `embedded` (PGlite): the foreign keys' row triggers cost 1.1 s of a 20,000-line map there (bench/README.md
 * "Stückliste nach EPLAN-Art"): each line's check of its owner, article, unit and manufacturer is a statement
 * of its own that also locks the row it finds, in WebAssembly. There the INSERT runs without row triggers
 * (`session_replication_role = replica`, local to its transaction) and checks the same references itself,
 * set-based: a line whose article, unit or manufacturer was removed after matching, or whose owner was, is not
 * written, and the count check before activation answers BOM_CHANGED_CONCURRENTLY. PGlite has one connection,
 * so nothing changes between that check and the commit; the keys' ON DELETE actions hold for the rows written.
 */
export async function writeLines(
  db: Db,
  owner: BomOwner,
  generation: number,
  lines: readonly BomFileLine[],
  matches: readonly LineMatch[],
  { rowsPerStatement = WRITE_PIECE, embedded = false } = {},
): Promise<void> {
  const { enquiryBomId, adminBomId, offerId } = ownerColumns(owner);
  for (let start = 0; start < lines.length; start += rowsPerStatement) {
    if (start > 0) await yieldToRequests();
    // One JSON parameter per piece, spread by jsonb_to_recordset: building a multi-row INSERT with a
    // parameter per cell cost some 140 µs of this process's CPU per line (2.7 s of a 20,000-line BOM).
    const rows = JSON.stringify(
      lines.slice(start, start + rowsPerStatement).map((line, offset) => {
        const match = matches[start + offset] as LineMatch;
        const { values } = line;
        return {
          rn: line.rowNumber,
          q: values.quantity,
          un: values.unit,
          sp: values.isSuppliedPart,
          fd: values.functionDesignation,
          fa: values.functionalAssignment,
          li: values.locationIdentifier,
          il: values.installationLocation,
          bmk: values.bmk,
          won: values.wholesalerOrderNumber,
          o: values.orderNumber,
          mn: values.manufacturerNumber,
          mname: values.manufacturerName,
          d: values.description,
          erp: values.erpNumber,
          raw: line.raw,
          mid: match.manufacturerId,
          uid: match.quantityUnitId,
          st: match.status,
          aid: match.matchedArticleId,
          kind: match.matchKind,
          sugg: match.suggestions,
          cands: match.candidateIds,
          aq: match.articleQuantity,
        };
      }),
    );
    // On PostgreSQL one statement commits on its own: a transaction around it would cost two more round trips.
    const insert = sql`
        insert into bom_lines (enquiry_bom_id, admin_bom_id, offer_id, generation, row_number, quantity,
          quantity_unit_name, is_supplied_part, function_designation, functional_assignment, location_identifier,
          installation_location, bmk, wholesaler_order_number, order_number, manufacturer_number,
          manufacturer_name, description, erp_number, raw, manufacturer_id, quantity_unit_id, status,
          matched_article_id, match_kind, suggestions, candidate_ids, article_quantity)
        select ${enquiryBomId}::uuid, ${adminBomId}::uuid, ${offerId}::uuid, ${generation}::int, r.rn, r.q, r.un,
          coalesce(r.sp, false), r.fd, r.fa, r.li, r.il, r.bmk, r.won, r.o, r.mn, r.mname, r.d, r.erp, r.raw,
          r.mid, r.uid, r.st::bom_line_status, r.aid, r.kind::bom_match_kind, coalesce(r.sugg, '[]'::jsonb),
          array(select jsonb_array_elements_text(coalesce(r.cands, '[]'::jsonb)))::uuid[], r.aq
        from jsonb_to_recordset(${rows}::jsonb) as r(rn int, q numeric, un text, sp boolean, fd text, fa text,
          li text, il text, bmk text, won text, o text, mn text, mname text, d text, erp text, raw jsonb,
          mid uuid, uid uuid, st text, aid uuid, kind text, sugg jsonb, cands jsonb, aq numeric)`;
    if (!embedded) {
      await db.execute(insert);
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      // The owner's generation is never null while the owner exists.
      await tx.execute(sql`${insert}
        where ${currentGeneration(owner)} is not null
          and (r.aid is null or exists (select 1 from articles a where a.id = r.aid))
          and (r.uid is null or exists (select 1 from units u where u.id = r.uid))
          and (r.mid is null or exists (select 1 from manufacturers m where m.id = r.mid))`);
    });
  }
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
    matchKind: match.matchKind,
    suggestions: match.suggestions,
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
      kind: match.matchKind,
      sugg: match.suggestions,
    })),
  );
  await tx.execute(sql`
    update bom_lines b set manufacturer_id = v.mid, quantity_unit_id = v.uid,
      status = v.status::bom_line_status, matched_article_id = v.aid, article_quantity = v.aq,
      candidate_ids = array(select jsonb_array_elements_text(v.cands))::uuid[],
      match_kind = v.kind::bom_match_kind, suggestions = v.sugg
    from jsonb_to_recordset(${input}::jsonb)
      as v(id uuid, mid uuid, uid uuid, status text, aid uuid, aq numeric, cands jsonb, kind text, sugg jsonb)
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
