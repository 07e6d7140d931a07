import {
  type BomLineDecision,
  type BomLineValues,
  decideBomLine,
  type LineUnit,
  type MatchCandidate,
  type MatchStep,
} from '@portal/domain/rules/bom-matching';
import { normaliseManufacturerName } from '@portal/domain/rules/name-normaliser';
import { nameKey } from '@portal/domain/rules/name-variants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { yieldToRequests } from '../../db/pacing';
import { rowsOf } from '../../db/rows';

/**
 * SPEC §3 BOM line matching info: matching BOM lines against the catalog, set-based. For the whole BOM, two statements
 * resolve the manufacturer names and one the unit names; for each piece of lines one statement finds the
 * candidates of every line in every step (a lateral probe per line into the number indexes, at most CANDIDATE_LIMIT per step); the pure rules
 * of domain/rules/bom-matching.ts decide each line. No statement runs per line.
 *
 * Pieces of MATCH_PIECE lines keep each statement short on the embedded database (ARCHITECTURE §3a): the
 * event loop turns between them, so requests do not wait behind a large BOM.
 */

export const MATCH_PIECE = 250;
/** More candidates than this in one step make a duplicate anyway; the list shows them. */
const CANDIDATE_LIMIT = 20;

/** What matching needs of a line (values as read or as edited). */
export type MatchableLine = Pick<
  BomLineValues,
  'quantity' | 'unit' | 'orderNumber' | 'manufacturerNumber' | 'manufacturerName' | 'isSuppliedPart'
>;

export interface LineMatch extends BomLineDecision {
  manufacturerId: string | null;
  quantityUnitId: string | null;
}

/** Matches `lines` (any number) and returns a decision for each, in the same order. */
export async function matchBomLines(db: DbOrTx, lines: readonly MatchableLine[]): Promise<LineMatch[]> {
  // The names are resolved once for the whole BOM (a BOM repeats a few dozen manufacturers and units).
  const manufacturers = await resolveManufacturers(
    db,
    lines.map((line) => line.manufacturerName),
  );
  const units = await resolveUnits(
    db,
    lines.map((line) => line.unit),
  );
  const result: LineMatch[] = [];
  for (let start = 0; start < lines.length; start += MATCH_PIECE) {
    await yieldToRequests();
    result.push(...(await matchPiece(db, lines.slice(start, start + MATCH_PIECE), manufacturers, units)));
  }
  return result;
}

async function matchPiece(
  db: DbOrTx,
  lines: readonly MatchableLine[],
  manufacturers: Map<string, string>,
  units: Map<string, { id: string; names: string[] }>,
): Promise<LineMatch[]> {
  const probes = lines.map((line, index) => ({
    i: index,
    o: line.orderNumber,
    mn: line.manufacturerNumber,
    mid: line.manufacturerName ? (manufacturers.get(line.manufacturerName) ?? null) : null,
  }));
  const candidates = await findCandidates(db, probes);
  return lines.map((line, index) => {
    const manufacturerId = probes[index]?.mid ?? null;
    const resolved = line.unit ? units.get(nameKey(line.unit)) : undefined;
    const unit: LineUnit = {
      name: line.unit,
      unitId: resolved?.id ?? null,
      unitNames: resolved?.names ?? [],
    };
    const decision = decideBomLine({ ...line, manufacturerId }, unit, candidates.get(index) ?? []);
    return { ...decision, manufacturerId, quantityUnitId: unit.unitId };
  });
}

/**
 * The manufacturer of each distinct name: the master-data name with the same key (trimmed, spaces
 * collapsed, case-insensitive), else the one manufacturer whose names have the same normalised key
 * (umlauts spelt out, punctuation and legal forms ignored). Ambiguous or unknown: absent. The normalised
 * keys of the file's names are computed here (normaliseManufacturerName); the database compares them with
 * portal_name_key of its names, its SQL twin, which the expression index of manufacturer_names serves
 * (a small table is read once, each name's key computed once).
 */
async function resolveManufacturers(
  db: DbOrTx,
  names: readonly (string | null)[],
): Promise<Map<string, string>> {
  const distinct = [...new Set(names.filter((name): name is string => !!name))];
  const resolved = new Map<string, string>();
  if (distinct.length === 0) return resolved;
  const exact = await db.execute(sql`
    select mn.name_lower as key, mn.item_id from manufacturer_names mn
    where mn.name_lower in (select jsonb_array_elements_text(${JSON.stringify(distinct.map(nameKey))}::jsonb))`);
  const byExactKey = new Map(
    rowsOf<{ key: string; item_id: string }>(exact).map((row) => [row.key, row.item_id]),
  );
  const normalised = [...new Set(distinct.map(normaliseManufacturerName).filter((key) => key !== ''))];
  const byKey = await db.execute(sql`
    select portal_name_key(mn.name) as key, array_agg(distinct mn.item_id) as ids from manufacturer_names mn
    where portal_name_key(mn.name) in (select jsonb_array_elements_text(${JSON.stringify(normalised)}::jsonb))
    group by 1`);
  const byNormalisedKey = new Map(
    rowsOf<{ key: string; ids: unknown }>(byKey).map((row) => [row.key, parseTextArray(row.ids)]),
  );
  for (const name of distinct) {
    const ids = byNormalisedKey.get(normaliseManufacturerName(name)) ?? [];
    const id = byExactKey.get(nameKey(name)) ?? (ids.length === 1 ? ids[0] : undefined);
    if (id) resolved.set(name, id);
  }
  return resolved;
}

/** The unit of each distinct unit text by its name key, with the unit's names (conversions). */
async function resolveUnits(
  db: DbOrTx,
  names: readonly (string | null)[],
): Promise<Map<string, { id: string; names: string[] }>> {
  const keys = [...new Set(names.filter((name): name is string => !!name).map(nameKey))];
  if (keys.length === 0) return new Map();
  const result = await db.execute(sql`
    select un.name_lower as key, u.id, u.display_name, u.name_variants
    from unit_names un join units u on u.id = un.item_id
    where un.name_lower in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`);
  const resolved = new Map<string, { id: string; names: string[] }>();
  for (const row of rowsOf<{ key: string; id: string; display_name: string; name_variants: unknown }>(
    result,
  )) {
    resolved.set(row.key, { id: row.id, names: [row.display_name, ...parseTextArray(row.name_variants)] });
  }
  return resolved;
}

interface Probe {
  i: number;
  o: string | null;
  mn: string | null;
  mid: string | null;
}

/** The candidates of each probe (by its index) in every step; see domain/rules/bom-matching.ts. */
async function findCandidates(db: DbOrTx, probes: readonly Probe[]): Promise<Map<number, MatchCandidate[]>> {
  const input = JSON.stringify(probes.filter((probe) => probe.o || probe.mn));
  const orderKey = sql`lower(a.order_number) collate "C"`;
  const numberKey = sql`lower(a.manufacturer_number) collate "C"`;
  const alternativeKey = sql`lower(n.number) collate "C"`;
  const result = await db.execute(sql`
    with l as (
      select i, lower(o) collate "C" as o, lower(mn) collate "C" as mn, mid
      from jsonb_to_recordset(${input}::jsonb) as p(i int, o text, mn text, mid uuid)
    )
    select l.i, c.step, c.article_id, c.manufacturer_id, c.unit_id, u.display_name, u.name_variants
    from l cross join lateral (
      (select 'MANUFACTURER_ORDER_NUMBER' as step, a.id as article_id, a.manufacturer_id, a.unit_id
        from articles a where l.mid is not null and a.manufacturer_id = l.mid and ${orderKey} = l.o
        limit ${CANDIDATE_LIMIT})
      union all
      (select 'MANUFACTURER_MANUFACTURER_NUMBER', a.id, a.manufacturer_id, a.unit_id
        from articles a where l.mid is not null and a.manufacturer_id = l.mid and ${numberKey} = l.mn
        limit ${CANDIDATE_LIMIT})
      union all
      (select 'ALTERNATIVE_NUMBER', a.id, a.manufacturer_id, a.unit_id
        from article_alternative_numbers n join articles a on a.id = n.article_id
        where (n.kind = 'ORDER' and ${alternativeKey} = l.o)
          or (n.kind = 'MANUFACTURER' and ${alternativeKey} = l.mn)
        limit ${CANDIDATE_LIMIT})
      union all
      (select 'ORDER_NUMBER', a.id, a.manufacturer_id, a.unit_id
        from articles a where l.mid is null and ${orderKey} = l.o
        limit ${CANDIDATE_LIMIT})
      union all
      (select 'MANUFACTURER_NUMBER', a.id, a.manufacturer_id, a.unit_id
        from articles a where l.mid is null and ${numberKey} = l.mn
        limit ${CANDIDATE_LIMIT})
    ) c
    left join units u on u.id = c.unit_id`);
  const byProbe = new Map<number, MatchCandidate[]>();
  for (const row of rowsOf<{
    i: number;
    step: MatchStep;
    article_id: string;
    manufacturer_id: string;
    unit_id: string | null;
    display_name: string | null;
    name_variants: unknown;
  }>(result)) {
    const list = byProbe.get(row.i) ?? [];
    list.push({
      step: row.step,
      articleId: row.article_id,
      manufacturerId: row.manufacturer_id,
      unitId: row.unit_id,
      unitNames: row.display_name ? [row.display_name, ...parseTextArray(row.name_variants)] : [],
    });
    byProbe.set(row.i, list);
  }
  return byProbe;
}

/** A text[] or uuid[] as the drivers return it: an array (node-postgres, PGlite) or the '{a,b}' text. */
function parseTextArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '{}' || value === '') return [];
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((part) => part.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1'));
}
