import type { MatchCandidate, MatchStep } from '@portal/domain/rules/bom-matching';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The catalog look-ups of BOM matching (bom-match.ts decides with them): one statement per name list or
 * piece of lines, never one per line (SPEC §3 BOM line matching info).
 */

/** More candidates than this in one step make a duplicate anyway; the list shows them. */
const CANDIDATE_LIMIT = 20;

/** The manufacturer of each master-data name key (name_lower) among `keys`. */
export async function findManufacturersByNameKey(
  db: DbOrTx,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const exact = await db.execute(sql`
    select mn.name_lower as key, mn.item_id from manufacturer_names mn
    where mn.name_lower in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`);
  return new Map(rowsOf<{ key: string; item_id: string }>(exact).map((row) => [row.key, row.item_id]));
}

/**
 * The manufacturers of each normalised key among `keys`: portal_name_key of their names, the SQL twin of
 * normaliseManufacturerName, which the expression index of manufacturer_names serves.
 */
export async function findManufacturersByNormalisedKey(
  db: DbOrTx,
  keys: readonly string[],
): Promise<Map<string, string[]>> {
  const byKey = await db.execute(sql`
    select portal_name_key(mn.name) as key, array_agg(distinct mn.item_id) as ids from manufacturer_names mn
    where portal_name_key(mn.name) in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))
    group by 1`);
  return new Map(
    rowsOf<{ key: string; ids: unknown }>(byKey).map((row) => [row.key, parseTextArray(row.ids)]),
  );
}

/** The unit of each unit name key among `keys`, with the unit's names (conversions). */
export async function findUnitsByNameKey(
  db: DbOrTx,
  keys: readonly string[],
): Promise<Map<string, { id: string; names: string[] }>> {
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

/**
 * A line to look up: its index, order number, manufacturer number, ERP number and resolved manufacturer, and
 * the normalised keys of its numbers (numberKey; null when empty).
 */
export interface Probe {
  i: number;
  o: string | null;
  mn: string | null;
  e: string | null;
  mid: string | null;
  ok: string | null;
  mk: string | null;
}

/**
 * The candidates of each probe in the first step alone (manufacturer and order number as written): the step
 * that decides most lines of a BOM, one index probe per line. Only the lines it leaves without a candidate
 * need the other steps (findMatchCandidates).
 */
export async function findFirstStepCandidates(
  db: DbOrTx,
  probes: readonly Probe[],
): Promise<Map<number, MatchCandidate[]>> {
  const input = JSON.stringify(
    probes.filter((probe) => probe.o && probe.mid).map(({ i, o, mid }) => ({ i, o, mid })),
  );
  if (input === '[]') return new Map();
  const result = await db.execute(sql`
    with l as (
      select i, lower(o) collate "C" as o, mid from jsonb_to_recordset(${input}::jsonb) as p(i int, o text, mid uuid)
    )
    select l.i, 'MANUFACTURER_ORDER_NUMBER' as step, c.article_id, c.manufacturer_id, c.unit_id, u.display_name,
      u.name_variants
    from l cross join lateral (
      select a.id as article_id, a.manufacturer_id, a.unit_id
      from articles a where a.manufacturer_id = l.mid and lower(a.order_number) collate "C" = l.o
      limit ${CANDIDATE_LIMIT}
    ) c
    left join units u on u.id = c.unit_id`);
  return candidatesByProbe(result);
}

/**
 * The candidates of each probe (by its index) in every step, a lateral probe per line into the number
 * indexes, at most CANDIDATE_LIMIT per step; see domain/rules/bom-matching.ts.
 */
export async function findMatchCandidates(
  db: DbOrTx,
  probes: readonly Probe[],
): Promise<Map<number, MatchCandidate[]>> {
  const input = JSON.stringify(probes.filter((probe) => probe.o || probe.mn || probe.e));
  const orderKey = sql`lower(a.order_number) collate "C"`;
  const numberKey = sql`lower(a.manufacturer_number) collate "C"`;
  const alternativeKey = sql`lower(n.number) collate "C"`;
  const result = await db.execute(sql`
    with l as (
      select i, lower(o) collate "C" as o, lower(mn) collate "C" as mn, lower(e) collate "C" as e, mid
      from jsonb_to_recordset(${input}::jsonb) as p(i int, o text, mn text, e text, mid uuid)
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
      (select 'ERP_NUMBER', a.id, a.manufacturer_id, a.unit_id
        from articles a where l.e is not null and lower(a.erp_number) collate "C" = l.e
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
  return candidatesByProbe(result);
}

/**
 * The candidates of each probe on the normalised keys (the generated, indexed columns of migration 0019):
 * the normalised and number-only steps of domain/rules/bom-matching.ts, asked for the lines the steps on the
 * numbers as written left without a match.
 */
export async function findNormalisedCandidates(
  db: DbOrTx,
  probes: readonly Probe[],
): Promise<Map<number, MatchCandidate[]>> {
  const input = JSON.stringify(probes.filter((probe) => probe.ok || probe.mk));
  const result = await db.execute(sql`
    with l as (
      select i, ok collate "C" as ok, mk collate "C" as mk, mid
      from jsonb_to_recordset(${input}::jsonb) as p(i int, ok text, mk text, mid uuid)
    )
    select l.i, c.step, c.article_id, c.manufacturer_id, c.unit_id, u.display_name, u.name_variants
    from l cross join lateral (
      (select 'NORMALISED_MANUFACTURER_ORDER_NUMBER' as step, a.id as article_id, a.manufacturer_id, a.unit_id
        from articles a where l.mid is not null and a.order_number_key = l.ok and a.manufacturer_id = l.mid
        limit ${CANDIDATE_LIMIT})
      union all
      (select 'NORMALISED_MANUFACTURER_MANUFACTURER_NUMBER', a.id, a.manufacturer_id, a.unit_id
        from articles a where l.mid is not null and a.manufacturer_number_key = l.mk and a.manufacturer_id = l.mid
        limit ${CANDIDATE_LIMIT})
      union all
      (select 'NORMALISED_ALTERNATIVE_NUMBER', a.id, a.manufacturer_id, a.unit_id
        from article_alternative_numbers n join articles a on a.id = n.article_id
        where (n.kind = 'ORDER' and n.number_key = l.ok) or (n.kind = 'MANUFACTURER' and n.number_key = l.mk)
        limit ${CANDIDATE_LIMIT})
      union all
      (select case when l.mid is null then 'NORMALISED_ORDER_NUMBER' else 'NUMBER_ONLY_ORDER_NUMBER' end,
          a.id, a.manufacturer_id, a.unit_id
        from articles a where a.order_number_key = l.ok
        limit ${CANDIDATE_LIMIT})
      union all
      (select case when l.mid is null then 'NORMALISED_MANUFACTURER_NUMBER' else 'NUMBER_ONLY_MANUFACTURER_NUMBER' end,
          a.id, a.manufacturer_id, a.unit_id
        from articles a where a.manufacturer_number_key = l.mk
        limit ${CANDIDATE_LIMIT})
    ) c
    left join units u on u.id = c.unit_id`);
  return candidatesByProbe(result);
}

function candidatesByProbe(result: unknown): Map<number, MatchCandidate[]> {
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
