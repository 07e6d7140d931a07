interface Cell {
  offerId: string | null;
  originLineId: string | null;
  quantity: number | null;
  pricePerPiece: number | null;
  deliveryTime: number | null;
  alternative: string | null;
}

/** One enquiry line's values, a place per offer. */
interface GridRow {
  prices: (number | null)[];
  deliveryTimes: (number | null)[];
  alternatives: (string | null)[];
}

const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/**
 * The offers' lines laid out by enquiry line, one column per offer (in the order of `offerIds`), and each offer's
 * totals over all its lines: Σ quantity × price per piece (each line to the cent, as the offer's own totals),
 * the priced lines, the longest lead time.
 */
export function comparisonGrid(offerIds: readonly string[], cells: readonly Cell[]) {
  const column = new Map(offerIds.map((id, index) => [id, index]));
  const rows = new Map<string, GridRow>();
  const totals = offerIds.map(() => ({
    materialTotal: 0,
    pricedLines: 0,
    longestDeliveryTime: null as number | null,
  }));
  const empty = () => offerIds.map(() => null);
  for (const cell of cells) {
    const index = cell.offerId === null ? undefined : column.get(cell.offerId);
    if (index === undefined) continue;
    const total = totals[index]!;
    if (cell.pricePerPiece !== null) {
      total.materialTotal += round2((cell.quantity ?? 0) * cell.pricePerPiece);
      total.pricedLines += 1;
    }
    if (cell.deliveryTime !== null && (total.longestDeliveryTime ?? -1) < cell.deliveryTime) {
      total.longestDeliveryTime = cell.deliveryTime;
    }
    if (cell.originLineId === null) continue;
    let row = rows.get(cell.originLineId);
    if (!row) {
      row = { prices: empty(), deliveryTimes: empty(), alternatives: empty() };
      rows.set(cell.originLineId, row);
    }
    row.prices[index] = cell.pricePerPiece;
    row.deliveryTimes[index] = cell.deliveryTime;
    row.alternatives[index] = cell.alternative;
  }
  for (const total of totals) total.materialTotal = round2(total.materialTotal);
  return {
    totals,
    /** An enquiry line's values per offer (null where an offer lacks it). */
    valuesOf(lineId: string): GridRow {
      return rows.get(lineId) ?? { prices: empty(), deliveryTimes: empty(), alternatives: empty() };
    },
  };
}
