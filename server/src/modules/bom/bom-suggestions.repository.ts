import type { BomSuggestion } from '@portal/domain/schemas/bom';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * SPEC §3 BOM line matching info, suggestions: for the lines not found, the catalog articles whose normalised
 * number is most like the line's (trigram similarity, pg_trgm), one statement per piece of lines. Only the
 * articles the trigram index finds above the session's similarity threshold (the `%` operator, 0.5 in
 * db/session-settings.ts) are scored, so a probe reads a few index pages instead of a million rows.
 */

/** Candidates per number and line taken from the index before the best are chosen. */
const NEAREST = 8;
/** Suggestions per line. */
export const SUGGESTION_LIMIT = 3;

export interface SuggestionProbe {
  i: number;
  /** The normalised keys of the line's order and manufacturer number (null when empty). */
  ok: string | null;
  mk: string | null;
  mid: string | null;
}

/**
 * Up to SUGGESTION_LIMIT articles per probe: those of the line's manufacturer first, then by score (0–100,
 * the similarity of the better of the two numbers), then by order number.
 */
export async function findSuggestions(
  db: DbOrTx,
  probes: readonly SuggestionProbe[],
): Promise<Map<number, BomSuggestion[]>> {
  // One number per line: the order number's key, else the manufacturer number's.
  const input = JSON.stringify(
    probes.flatMap((probe): SuggestionProbe[] =>
      probe.ok ? [{ ...probe, mk: null }] : probe.mk ? [{ ...probe, ok: null }] : [],
    ),
  );
  const bySimilarity = new Map<number, BomSuggestion[]>();
  if (input === '[]') return bySimilarity;
  // The `%` operator's threshold and JIT are set for every session (db/session-settings.ts).
  const result = await db.execute(sql`
    with l as (
      select i, ok collate "C" as ok, mk collate "C" as mk, mid
      from jsonb_to_recordset(${input}::jsonb) as p(i int, ok text, mk text, mid uuid)
    )
    select l.i, s.article_id, s.manufacturer_name, s.order_number, s.score
    from l cross join lateral (
      select a.id as article_id, m.display_name as manufacturer_name, a.order_number,
        round(100 * greatest(
          coalesce(similarity(a.order_number_key, l.ok), 0),
          coalesce(similarity(a.manufacturer_number_key, l.mk), 0)))::int as score
      from (
        (select a.id from articles a where l.ok is not null and a.order_number_key % l.ok
          order by similarity(a.order_number_key, l.ok) desc limit ${NEAREST})
        union
        (select a.id from articles a where l.mk is not null and a.manufacturer_number_key % l.mk
          order by similarity(a.manufacturer_number_key, l.mk) desc limit ${NEAREST})
      ) c
      join articles a on a.id = c.id
      join manufacturers m on m.id = a.manufacturer_id
      order by (a.manufacturer_id = l.mid) desc nulls last, score desc, a.order_number_key, a.id
      limit ${SUGGESTION_LIMIT}
    ) s`);
  for (const row of rowsOf<{
    i: number;
    article_id: string;
    manufacturer_name: string | null;
    order_number: string | null;
    score: number;
  }>(result)) {
    const list = bySimilarity.get(row.i) ?? [];
    list.push({
      articleId: row.article_id,
      manufacturerName: row.manufacturer_name,
      orderNumber: row.order_number,
      score: Number(row.score),
    });
    bySimilarity.set(row.i, list);
  }
  return bySimilarity;
}
