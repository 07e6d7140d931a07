import { listPricePerPiece, priceUnitDivisor } from '@portal/domain/rules/article-price';
import { germanPiecePrice } from '@portal/domain/rules/german-number';
import { formatNumber, formatPrice } from '../../../lib/format';

/** The unit a price is read in when the article has none. */
const FALLBACK_UNIT = 'Stück';

/** A price of one piece: "0,98 €", "0,0125 €". */
export function formatPiecePrice(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return formatPrice(null);
  return germanPiecePrice(value);
}

export interface UnitPriceText {
  /** The price as the supplier states it: "98,00 € / 100 Stk" ("312,40 €" for one piece). */
  price: string;
  /** The price of one piece when the price refers to more than one: "0,98 € / Stk". */
  perPiece: string | null;
}

/**
 * A price per price unit shown with its unit and with the price of one piece, so a terminal at
 * 98 € per 100 is not read as 98 € a piece. The unit name is the article's unit ("Stk").
 */
export function formatUnitPrice(
  price: number | null | undefined,
  priceUnitSize: number | null | undefined,
  unitName: string | null | undefined,
): UnitPriceText {
  if (price === null || price === undefined) return { price: formatPrice(null), perPiece: null };
  const divisor = priceUnitDivisor(priceUnitSize);
  if (divisor === 1) return { price: formatPrice(price), perPiece: null };
  const unit = unitName?.trim() || FALLBACK_UNIT;
  return {
    price: `${formatPrice(price)} / ${formatNumber(divisor)} ${unit}`,
    perPiece: `${formatPiecePrice(listPricePerPiece(price, divisor))} / ${unit}`,
  };
}
