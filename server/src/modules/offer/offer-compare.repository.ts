import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The comparison's reads (ARCHITECTURE §7: 5 suppliers x 5,000 lines): one query for the enquiry's lines with
 * every offer's values already gathered per line by PostgreSQL (5,000 rows, not 25,000), one for each offer's
 * totals. An article's discount group and a replacement's number are looked up per line by primary key: joined,
 * the planner hashes the whole catalog (1,000,000 articles) for 5,000 lines.
 */

/** A uuid[] parameter as one text value. */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export interface ComparisonLineRow {
  id: string;
  rowNumber: number;
  orderNumber: string | null;
  manufacturerNumber: string | null;
  manufacturerName: string | null;
  discountGroup: string | null;
  bmk: string | null;
  quantity: number | null;
  /**
   * The offers (1-based positions in `offerIds`) that have the line, and their values in the same order: the
   * aggregates of one group read its rows in one pass, so no aggregate needs an order (a sort each).
   */
  slots: number[] | null;
  prices: (number | null)[] | null;
  deliveryTimes: (number | null)[] | null;
  alternatives: (string | null)[] | null;
  alternativePrices: (number | null)[] | null;
}

/** The first `limit` current lines of an enquiry's BOM in file order, each with the offers' values on it. */
export async function findComparisonLines(
  db: DbOrTx,
  enquiryBomId: string,
  offerIds: readonly string[],
  limit: number,
): Promise<ComparisonLineRow[]> {
  const result = await db.execute(sql`
    select l.id, l.row_number as "rowNumber", l.order_number as "orderNumber",
      l.manufacturer_number as "manufacturerNumber",
      coalesce(m.display_name, l.manufacturer_name) as "manufacturerName",
      (select dg.display_name from articles a join discount_groups dg on dg.id = a.discount_group_id
        where a.id = l.matched_article_id) as "discountGroup",
      l.bmk, l.quantity::float8 as quantity,
      c.slots, c.prices, c.delivery_times as "deliveryTimes", c.alternatives,
      c.alternative_prices as "alternativePrices"
    from bom_lines l
    left join manufacturers m on m.id = l.manufacturer_id
    left join (
      select b.origin_line_id,
        array_agg(o.ord::int) as slots,
        array_agg(b.price_per_piece::float8) as prices,
        array_agg(b.delivery_time) as delivery_times,
        array_agg(case
          when b.alternative_article_id is not null then (select concat_ws(' ', am.display_name,
            coalesce(a.order_number, a.manufacturer_number)) from articles a
            left join manufacturers am on am.id = a.manufacturer_id where a.id = b.alternative_article_id)
          when b.manual_replacement then (select coalesce(a.order_number, a.manufacturer_number)
            from articles a where a.id = b.matched_article_id) end) as alternatives,
        array_agg(case when b.alternative_article_id is not null
          then b.alternative_price_per_piece::float8 end) as alternative_prices
      from unnest(${uuidArray(offerIds)}) with ordinality as o(id, ord)
      join offers f on f.id = o.id
      join bom_lines b on b.offer_id = o.id and b.generation = f.lines_generation
      group by b.origin_line_id
    ) c on c.origin_line_id = l.id
    where l.enquiry_bom_id = ${enquiryBomId}
      and l.generation = (select lines_generation from enquiry_boms where id = ${enquiryBomId})
    order by l.row_number, l.id
    limit ${limit}`);
  return rowsOf<ComparisonLineRow>(result);
}

/**
 * Each offer's totals over all its current lines: Σ quantity × price per piece (each line to the cent, as the
 * offer's own totals), the priced lines, the longest lead time.
 */
export async function findComparisonTotals(db: DbOrTx, offerIds: readonly string[]) {
  if (offerIds.length === 0) return new Map<string, ComparisonTotals>();
  const result = await db.execute(sql`
    select b.offer_id as "offerId",
      coalesce(sum(round(coalesce(b.quantity, 0) * b.price_per_piece, 2)), 0)::float8 as "materialTotal",
      count(b.price_per_piece)::int as "pricedLines", max(b.delivery_time) as "longestDeliveryTime"
    from bom_lines b join offers f on f.id = b.offer_id and b.generation = f.lines_generation
    where b.offer_id = any(${uuidArray(offerIds)})
    group by b.offer_id`);
  const rows = rowsOf<ComparisonTotals & { offerId: string }>(result);
  return new Map(
    rows.map(({ offerId, ...totals }) => [
      offerId,
      {
        materialTotal: Number(totals.materialTotal),
        pricedLines: Number(totals.pricedLines),
        longestDeliveryTime: totals.longestDeliveryTime === null ? null : Number(totals.longestDeliveryTime),
      },
    ]),
  );
}

export interface ComparisonTotals {
  materialTotal: number;
  pricedLines: number;
  longestDeliveryTime: number | null;
}
