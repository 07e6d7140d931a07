import type { LengthUnit, WeightUnit } from '../enums';

/**
 * SPEC §3: articles keep width, height and depth in centimetres and the weight in kilograms; an import
 * configuration says in which units a supplier's file gives them (defaults cm and kg). Conversions are
 * powers of ten, applied as exact decimal shifts so that 0.1 mm gives 0.01 cm and not 0.010000000000000002.
 */

/** Power of ten that turns a length in `unit` into centimetres. */
export const LENGTH_EXPONENT_TO_CM: Record<LengthUnit, number> = { MM: -1, CM: 0, DM: 1, M: 2 };
/** Power of ten that turns a weight in `unit` into kilograms. */
export const WEIGHT_EXPONENT_TO_KG: Record<WeightUnit, number> = { MG: -6, G: -3, KG: 0 };

export const DEFAULT_LENGTH_UNIT: LengthUnit = 'CM';
export const DEFAULT_WEIGHT_UNIT: WeightUnit = 'KG';

/** Decimal places the article table keeps: dimensions and unit sizes 2, weights and prices 4. */
export const LENGTH_SCALE = 2;
export const WEIGHT_SCALE = 4;

/** `value` × 10^`exponent`, shifted in the decimal notation (no binary rounding noise). */
export function shiftDecimal(value: number, exponent: number): number {
  if (exponent === 0 || value === 0 || !Number.isFinite(value)) return value;
  const [mantissa = '0', power = '0'] = value.toExponential().split('e');
  return Number(`${mantissa}e${Number(power) + exponent}`);
}

/** Rounds half away from zero to `scale` decimals, exactly in decimal (as PostgreSQL's numeric does). */
export function roundTo(value: number, scale: number): number {
  return scaleAndRound(value, 0, scale);
}

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, power) => 10 ** power);

/**
 * `value` × 10^`exponent`, rounded to `scale` decimals. Usually one multiplication: unless the product lies
 * within its binary noise of a tie (…5 right after the last kept decimal), rounding it gives the integer
 * the exact decimal rounding gives, and that integer divided by a power of ten is exactly the double
 * nearest to the decimal (IEEE division rounds correctly; both operands are exact). Near a tie the exact
 * decimal path decides. A catalog import converts millions of cells this way.
 */
function scaleAndRound(value: number, exponent: number, scale: number): number {
  if (!Number.isFinite(value)) return value;
  const total = exponent + scale;
  const magnitude = Math.abs(value);
  const power = POWERS_OF_TEN[Math.abs(total)];
  const divisor = POWERS_OF_TEN[scale];
  if (power !== undefined && divisor !== undefined) {
    const scaled = total >= 0 ? magnitude * power : magnitude / power;
    const nearest = Math.round(scaled);
    // Away from a tie by more than the product's binary noise, the decimal rounding is Math.round's.
    const fromTie = Math.abs(Math.abs(scaled - nearest) - 0.5);
    if (nearest < Number.MAX_SAFE_INTEGER && fromTie > scaled * 1e-15 + 1e-9) {
      const result = nearest / divisor;
      return value < 0 && result !== 0 ? -result : result;
    }
  }
  return exactRound(shiftDecimal(value, exponent), scale);
}

function exactRound(value: number, scale: number): number {
  if (!Number.isFinite(value)) return value;
  const shifted = shiftDecimal(Math.abs(value), scale);
  // Values like 1.005 are 1.00499999… in binary; the decimal shift above already made them 100.5.
  const rounded = shiftDecimal(Math.round(shifted), -scale);
  return value < 0 ? -rounded : rounded;
}

/** A length in `unit` as centimetres with LENGTH_SCALE decimals. */
export function toCentimetres(value: number, unit: LengthUnit): number {
  return scaleAndRound(value, LENGTH_EXPONENT_TO_CM[unit], LENGTH_SCALE);
}

/** A weight in `unit` as kilograms with WEIGHT_SCALE decimals. */
export function toKilograms(value: number, unit: WeightUnit): number {
  return scaleAndRound(value, WEIGHT_EXPONENT_TO_KG[unit], WEIGHT_SCALE);
}
