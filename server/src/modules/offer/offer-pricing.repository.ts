import type { OfferLineSelection } from '@portal/domain/schemas/pricing';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { yieldToRequests } from '../../db/pacing';
import { rowsOf } from '../../db/rows';

/**
 * The pricing desk's set-based writes on an offer's articles (its current generation of bom_lines): catalog
 * prices, markup, rounding. Each runs as one UPDATE per piece of PIECE lines in its own short transaction with a
 * turn of the event loop between pieces (ARCHITECTURE §3a): never a statement per line, and never the embedded
 * database held for a whole 20,000-line offer. Each line is in one piece, so a line is changed once.
 */
const PIECE = 1000;

/** What the supplier prices with (its settings, pricing module). */
export interface PricingTerms {
  supplierId: string;
  wholesalerId: string | null;
  markupPercent: number;
}

/** The current lines of the offer that `selection` picks (`l` lines, `a` their matched article). */
function selectedLines(offerId: string, selection: OfferLineSelection): SQL {
  const parts = [
    sql`l.offer_id = ${offerId} and l.generation = (select o.lines_generation from offers o where o.id = ${offerId})`,
  ];
  if (selection.status) parts.push(sql`l.status = ${selection.status}`);
  if (selection.manufacturerId) {
    parts.push(sql`coalesce(a.manufacturer_id, l.manufacturer_id) = ${selection.manufacturerId}`);
  }
  if (selection.discountGroupId) parts.push(sql`a.discount_group_id = ${selection.discountGroupId}`);
  return sql.join(parts, sql` and `);
}

/**
 * Runs `change` (an UPDATE of bom_lines `l` of the ids `piece`, returning 1 per changed line) over the selected lines
 * piece by piece; returns how many lines it changed. The selected ids are read once through the offer's lines
 * index, then each piece names its ids: no piece walks the primary key of all BOM lines of the portal.
 */
async function inPieces(
  db: Db,
  offerId: string,
  selection: OfferLineSelection,
  change: (piece: SQL) => SQL,
): Promise<number> {
  const selected = rowsOf<{ id: string }>(
    await db.execute(sql`
      select l.id from bom_lines l left join articles a on a.id = l.matched_article_id
      where ${selectedLines(offerId, selection)} order by l.id`),
  ).map((row) => row.id);
  let changed = 0;
  for (let start = 0; start < selected.length; start += PIECE) {
    if (start > 0) await yieldToRequests();
    const ids = `{${selected.slice(start, start + PIECE).join(',')}}`;
    // `= any(array)` is an index lookup of each id; a join with an unnested array was planned as a scan.
    const result = await db.transaction((tx) =>
      tx.execute(
        sql`with changed as (${change(sql`${ids}::uuid[]`)}) select count(*)::int as changed from changed`,
      ),
    );
    changed += Number(rowsOf<{ changed: number }>(result)[0]?.changed ?? 0);
  }
  return changed;
}

/**
 * domain/rules/price-proposal.ts proposePrice in SQL over `piece`: the wholesaler's purchase price, else the
 * list price less the supplier's own discount for the article's group (else the group's percent), else the
 * article's purchase price, else its list price; divided by the price unit size, four decimals; plus markup.
 * Supplied parts (the customer's) and lines without an article or any price keep what they have.
 */
export function priceFromCatalog(
  db: Db,
  offerId: string,
  selection: OfferLineSelection,
  terms: PricingTerms,
  userId: string | null,
) {
  const change = (piece: SQL) => sql`
    with priced as (
      select l.id, a.price_unit_size as unit, a.list_price, a.purchase_price,
        w.display_name as w_name, wi.purchase_price as w_price, g.display_name as g_name,
        least(greatest(coalesce(sd.percent, g.percent), 0), 100) as g_percent
      from bom_lines l
      join articles a on a.id = l.matched_article_id
      left join article_wholesaler_infos wi
        on wi.article_id = a.id and wi.wholesaler_id = ${terms.wholesalerId}::uuid and wi.purchase_price is not null
      left join wholesalers w on w.id = wi.wholesaler_id
      left join discount_groups g on g.id = a.discount_group_id
      left join supplier_discounts sd on sd.company_id = ${terms.supplierId} and sd.discount_group_id = g.id
      where l.id = any(${piece}) and not l.is_supplied_part
    ), chosen as (
      select id,
        case when w_price is not null then 'WHOLESALER'
          when list_price is not null and g_name is not null then 'DISCOUNT_GROUP'
          when coalesce(purchase_price, list_price) is not null then 'CATALOG' end as source,
        case when w_price is not null then w_name
          when list_price is not null and g_name is not null then g_name end as source_name,
        round(
          case when w_price is not null then w_price
            when list_price is not null and g_name is not null then list_price * (1 - g_percent / 100.0)
            else coalesce(purchase_price, list_price) end
          / (case when unit > 0 then unit else 1 end), 4) as base
      from priced
    )
    update bom_lines l set base_price_per_piece = c.base,
      price_per_piece = round(c.base * (1 + ${terms.markupPercent}::numeric / 100), 4),
      price_source = c.source::offer_price_source, price_source_name = c.source_name,
      updated_at = now(), updated_by = ${userId}::uuid
    from chosen c where l.id = c.id and l.id = any(${piece}) and c.source is not null
    returning 1`;
  return inPieces(db, offerId, selection, change);
}

/**
 * The markup on the selected priced lines: price = price before markup × (1 + percent), so a second markup
 * replaces the first instead of adding to it. A line priced before the desk existed takes its price as base.
 */
export function markupLines(
  db: Db,
  offerId: string,
  selection: OfferLineSelection,
  markupPercent: number,
  userId: string,
) {
  const change = (piece: SQL) => sql`
    update bom_lines l set base_price_per_piece = coalesce(l.base_price_per_piece, l.price_per_piece),
      price_per_piece = round(coalesce(l.base_price_per_piece, l.price_per_piece) * (1 + ${markupPercent}::numeric / 100), 4),
      updated_at = now(), updated_by = ${userId}::uuid
    where l.id = any(${piece}) and l.price_per_piece is not null
    returning 1`;
  return inPieces(db, offerId, selection, change);
}

/** "Auf Cent runden": the selected prices per piece to whole cents (changes only those with fractions). */
export function roundLinesToCents(db: Db, offerId: string, selection: OfferLineSelection, userId: string) {
  const change = (piece: SQL) => sql`
    update bom_lines l set price_per_piece = round(l.price_per_piece, 2), updated_at = now(),
      updated_by = ${userId}::uuid
    where l.id = any(${piece}) and l.price_per_piece <> round(l.price_per_piece, 2)
    returning 1`;
  return inPieces(db, offerId, selection, change);
}

/**
 * The offer's sums for the supplier's calculation: Σ quantity × price before markup (lines without one count
 * their price), Σ quantity × price, each line rounded to cents as in the offer total.
 */
export async function offerPricingSums(db: DbOrTx, offerId: string) {
  const result = await db.execute(sql`
    select
      coalesce(sum(round(coalesce(l.quantity, 0) * coalesce(l.base_price_per_piece, l.price_per_piece), 2)), 0)::float8 as purchase,
      coalesce(sum(round(coalesce(l.quantity, 0) * l.price_per_piece, 2)), 0)::float8 as material
    from bom_lines l
    where l.offer_id = ${offerId} and l.generation = (select o.lines_generation from offers o where o.id = ${offerId})`);
  const [row] = rowsOf<{ purchase: number; material: number }>(result);
  return { purchase: Number(row?.purchase ?? 0), material: Number(row?.material ?? 0) };
}

/** The manufacturers and discount groups among the offer's lines (the choices of a bulk action). */
export async function offerLineGroups(db: DbOrTx, offerId: string) {
  const lines = sql`bom_lines l left join articles a on a.id = l.matched_article_id
    where l.offer_id = ${offerId} and l.generation = (select o.lines_generation from offers o where o.id = ${offerId})`;
  const [manufacturers, groups] = await Promise.all([
    db.execute(sql`
      select m.id, m.display_name as name from manufacturers m
      where m.id in (select coalesce(a.manufacturer_id, l.manufacturer_id) from ${lines})
      order by lower(m.display_name)`),
    db.execute(sql`
      select g.id, g.display_name as name from discount_groups g
      where g.id in (select a.discount_group_id from ${lines})
      order by lower(g.display_name)`),
  ]);
  return {
    manufacturers: rowsOf<{ id: string; name: string }>(manufacturers),
    discountGroups: rowsOf<{ id: string; name: string }>(groups),
  };
}
