import type { FileType } from '../enums';
import {
  type ArticlePriceInput,
  type ArticlePriceSource,
  chooseArticlePrice,
  priceUnitDivisor,
} from './article-price';
import { roundTo } from './unit-conversion';

/**
 * SPEC §9 "Schätzpreis" of a BOM: a low and a high price per control cabinet, times the
 * enquiry's amount. Every step is an exported function so that the breakdown the enquiry shows one click
 * away is made of the very figures the total is made of. Money is rounded to cents at each named step and
 * the result to whole euros, so the breakdown adds up to what is shown.
 *
 * Readings of the SPEC where it is ambiguous (also in README.md, "Schätzpreis"):
 * - "discounted sum" is the sum of the line prices taken from the list price less the discount group's
 *   percent (the list-price branch of the price rule, also with 0 % or without a group); "rest" is the sum
 *   of the line prices taken from the purchase price (no list price, or a purchase price below the
 *   discounted list price).
 * - "+ sums" adds the material itself: discounted sum + rest. The 0.2/0.01 (0.35/0.1) terms are the
 *   mark-up on that material, scaled by the error factor.
 * - Supplied parts (SPEC §4: kept, marked, not priced) take no material price; they are counted for the
 *   surcharge, in the error share (as every line) and in the work: they are mounted and wired like the rest.
 * - A "part" for the surcharge and for the 10/15 minutes of an unmatched part is a BOM line (a position),
 *   not its quantity: the quantity of an unmatched line has no known unit (25 m of cable are not 25 parts).
 * - The supplied-part surcharge is tiered: parts 1–10 cost 50 € each, 11–30 30 €, 31–50 20 €, 51–80 15 €,
 *   from the 81st nothing. Read as "n × the rate of n's bracket", 11 parts (330 €) would cost less than 10
 *   (500 €) and 81 parts nothing at all; the tiered reading rises with every part and ends at 1,950 €.
 * - Only the low work cost is reduced by the files: 1 − 0.2 with a CONNECTION_LIST, − 0.05 with NC_DATA
 *   (both: 0.75); the high side keeps the full work cost.
 * - Whole euros are rounded half up, per cabinet; the total is that rounded figure times the amount.
 */

export const HOURLY_RATE = 65;
/** SPEC §9: minutes of work per unmatched part, low and high. */
export const UNMATCHED_PART_MINUTES = { low: 10, high: 15 } as const;
/** SPEC §9: how much the low work cost shrinks when the enquiry has a file of this type. */
export const LOW_WORK_REDUCTIONS: Readonly<Partial<Record<FileType, number>>> = {
  CONNECTION_LIST: 0.2,
  NC_DATA: 0.05,
};
/** SPEC §9: mark-up on the discounted sum and on the rest, low and high. */
export const MARKUP_RATES = {
  low: { discounted: 0.2, rest: 0.01 },
  high: { discounted: 0.35, rest: 0.1 },
} as const;
export type MarkupRates = (typeof MARKUP_RATES)[keyof typeof MARKUP_RATES];
/** SPEC §9: surcharge per supplied part by bracket (tiered, see above); `upTo` null is "more". */
export const SUPPLIED_PART_BRACKETS: readonly { upTo: number | null; rate: number }[] = [
  { upTo: 10, rate: 50 },
  { upTo: 30, rate: 30 },
  { upTo: 50, rate: 20 },
  { upTo: 80, rate: 15 },
  { upTo: null, rate: 0 },
];

/** The matched catalog article of a line: its prices and its E-Class work time. */
export interface EstimateArticle extends ArticlePriceInput {
  /** Minutes per piece (SPEC §3 E-Class workTime); missing (no E-Class) counts as 0. */
  workTimeMinutes: number | null | undefined;
}

export interface EstimateLine {
  /** In the article's unit; a missing or non-positive quantity adds neither price nor work time. */
  quantity: number | null | undefined;
  isSuppliedPart: boolean;
  /** SPEC §3 bomError: the line did not match (not found, duplicate, wrong unit, missing values). */
  hasError: boolean;
  /** The matched (or manually assigned) article; null when the line has no usable match. */
  article: EstimateArticle | null;
}

export interface EstimateInput {
  lines: readonly EstimateLine[];
  /** Types of the enquiry's files (CONNECTION_LIST and NC_DATA reduce the low work cost). */
  fileTypes: readonly FileType[];
  /** How many cabinets (SPEC §3 Enquiry amount, whole number >= 1). */
  amount: number;
}

export interface LinePrice {
  /** The line's price in euros, 2 decimals. */
  price: number;
  source: ArticlePriceSource;
}

function positive(quantity: number | null | undefined): quantity is number {
  return typeof quantity === 'number' && Number.isFinite(quantity) && quantity > 0;
}

/**
 * SPEC §9 price of a line: the article's chosen price per price unit (chooseArticlePrice), divided by the
 * price unit size, times the quantity, rounded to 2 decimals. Null without a price or a positive quantity.
 */
export function priceLine(article: ArticlePriceInput, quantity: number | null | undefined): LinePrice | null {
  const chosen = chooseArticlePrice(article);
  if (!chosen || !positive(quantity)) return null;
  const price = roundTo((chosen.pricePerPriceUnit * quantity) / priceUnitDivisor(article.priceUnitSize), 2);
  return { price, source: chosen.source };
}

export interface LineSums {
  /** Lines priced from the list price less the group discount. */
  discountedSum: number;
  /** Lines priced from the purchase price. */
  restSum: number;
  /** discountedSum + restSum: the material ("+ sums"). */
  materialSum: number;
  pricedLines: number;
  /** Matched lines that are not supplied but have no price (the article has none, or no quantity). */
  unpricedLines: number;
}

/** The sums of the priced lines: matched, not supplied (supplied parts are not priced, SPEC §4). */
export function sumLinePrices(lines: readonly EstimateLine[]): LineSums {
  let discountedCents = 0;
  let restCents = 0;
  let pricedLines = 0;
  let unpricedLines = 0;
  for (const line of lines) {
    if (line.isSuppliedPart || !line.article) continue;
    const priced = priceLine(line.article, line.quantity);
    if (!priced) {
      unpricedLines += 1;
      continue;
    }
    pricedLines += 1;
    const cents = Math.round(priced.price * 100);
    if (priced.source === 'DISCOUNTED_LIST_PRICE') discountedCents += cents;
    else restCents += cents;
  }
  return {
    discountedSum: discountedCents / 100,
    restSum: restCents / 100,
    materialSum: (discountedCents + restCents) / 100,
    pricedLines,
    unpricedLines,
  };
}

export interface SuppliedPartTier {
  /** First and last part of the bracket (last null: open). */
  from: number;
  to: number | null;
  /** How many of the supplied parts fall into it. */
  count: number;
  rate: number;
  amount: number;
}

export interface SuppliedPartSurcharge {
  count: number;
  surcharge: number;
  /** The brackets the parts fall into (only those with parts). */
  tiers: SuppliedPartTier[];
}

/**
 * SPEC §9 supplied-part surcharge, tiered (see the module comment): each part costs the rate of the bracket
 * its own position falls into. 12 parts: 10 × 50 + 2 × 30 = 560 €.
 */
export function suppliedPartSurcharge(count: number): SuppliedPartSurcharge {
  const tiers: SuppliedPartTier[] = [];
  let from = 1;
  for (const bracket of SUPPLIED_PART_BRACKETS) {
    if (from > count) break;
    const last = bracket.upTo === null ? count : Math.min(bracket.upTo, count);
    const inTier = last - from + 1;
    tiers.push({ from, to: bracket.upTo, count: inTier, rate: bracket.rate, amount: inTier * bracket.rate });
    from = last + 1;
  }
  return { count, surcharge: tiers.reduce((sum, tier) => sum + tier.amount, 0), tiers };
}

/** How many lines are supplied parts. */
export function countSuppliedParts(lines: readonly EstimateLine[]): number {
  return lines.filter((line) => line.isSuppliedPart).length;
}

/** SPEC §9 error factor: 1 + the share of lines with an error (1 for an empty BOM). Not rounded. */
export function errorFactor(lines: readonly EstimateLine[]): number {
  if (lines.length === 0) return 1;
  return 1 + lines.filter((line) => line.hasError).length / lines.length;
}

/** SPEC §9 mark-up: (rate × discounted sum + rate × rest) × error factor, 2 decimals. */
export function markup(sums: LineSums, factor: number, rates: MarkupRates): number {
  return roundTo((rates.discounted * sums.discountedSum + rates.rest * sums.restSum) * factor, 2);
}

export interface WorkMinutes {
  /** Σ quantity × E-Class work time of the lines with an article. */
  matchedMinutes: number;
  /** Lines without an article, 10 (low) or 15 (high) minutes each. */
  unmatchedParts: number;
  low: number;
  high: number;
}

/** SPEC §9 work time in minutes, low and high; supplied parts count like the others (they are mounted). */
export function workMinutes(lines: readonly EstimateLine[]): WorkMinutes {
  let matched = 0;
  let unmatchedParts = 0;
  for (const line of lines) {
    if (!line.article) unmatchedParts += 1;
    else if (positive(line.quantity))
      matched += line.quantity * Math.max(line.article.workTimeMinutes ?? 0, 0);
  }
  const matchedMinutes = roundTo(matched, 2);
  return {
    matchedMinutes,
    unmatchedParts,
    low: roundTo(matchedMinutes + unmatchedParts * UNMATCHED_PART_MINUTES.low, 2),
    high: roundTo(matchedMinutes + unmatchedParts * UNMATCHED_PART_MINUTES.high, 2),
  };
}

/** SPEC §9: the low work cost's factor, 1 less 0.2 with a connection list and 0.05 with NC data. */
export function lowWorkFactor(fileTypes: readonly FileType[]): number {
  let factor = 1;
  for (const type of new Set(fileTypes)) factor -= LOW_WORK_REDUCTIONS[type] ?? 0;
  return roundTo(factor, 2);
}

/** Minutes at HOURLY_RATE, scaled by `factor`, 2 decimals. */
export function workCost(minutes: number, factor = 1): number {
  return roundTo((minutes / 60) * HOURLY_RATE * factor, 2);
}

export interface EstimateBreakdown {
  lineCount: number;
  suppliedLines: number;
  errorLines: number;
  sums: LineSums;
  errorFactor: number;
  markup: { low: number; high: number };
  suppliedParts: SuppliedPartSurcharge;
  work: WorkMinutes & { hourlyRate: number; lowFactor: number; costLow: number; costHigh: number };
  /** Before rounding to whole euros: markup + material + surcharge + work cost. */
  exact: { low: number; high: number };
}

export interface Estimate {
  /** Per cabinet, whole euros. */
  low: number;
  high: number;
  amount: number;
  /** Per cabinet × amount. */
  total: { low: number; high: number };
  breakdown: EstimateBreakdown;
}

/** SPEC §9 low and high estimate of one cabinet and of `amount` cabinets, with every step. */
export function estimate(input: EstimateInput): Estimate {
  const { lines, amount } = input;
  if (!Number.isInteger(amount) || amount < 1) throw new RangeError('amount must be a whole number >= 1');
  const sums = sumLinePrices(lines);
  const factor = errorFactor(lines);
  const markupLow = markup(sums, factor, MARKUP_RATES.low);
  const markupHigh = markup(sums, factor, MARKUP_RATES.high);
  const suppliedParts = suppliedPartSurcharge(countSuppliedParts(lines));
  const minutes = workMinutes(lines);
  const lowFactor = lowWorkFactor(input.fileTypes);
  const costLow = workCost(minutes.low, lowFactor);
  const costHigh = workCost(minutes.high);
  const exactLow = roundTo(markupLow + sums.materialSum + suppliedParts.surcharge + costLow, 2);
  const exactHigh = roundTo(markupHigh + sums.materialSum + suppliedParts.surcharge + costHigh, 2);
  const low = roundTo(exactLow, 0);
  const high = roundTo(exactHigh, 0);
  return {
    low,
    high,
    amount,
    total: { low: low * amount, high: high * amount },
    breakdown: {
      lineCount: lines.length,
      suppliedLines: suppliedParts.count,
      errorLines: lines.filter((line) => line.hasError).length,
      sums,
      errorFactor: factor,
      markup: { low: markupLow, high: markupHigh },
      suppliedParts,
      work: { ...minutes, hourlyRate: HOURLY_RATE, lowFactor, costLow, costHigh },
      exact: { low: exactLow, high: exactHigh },
    },
  };
}
