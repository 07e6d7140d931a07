/**
 * Demo catalog, shared parts: the seeded PRNG (every demo database holds the same catalog), the
 * drawing helpers and the shape of one demo article (see articles-catalog.ts).
 */

export type Random = () => number;

/** mulberry32: small, fast, deterministic. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
export const between = (random: Random, min: number, max: number, decimals = 2) =>
  Number((min + random() * (max - min)).toFixed(decimals));
export const german = (value: number) => String(value).replace('.', ',');
export const digits = (random: Random, count: number) =>
  Array.from({ length: count }, () => Math.floor(random() * 10)).join('');

/** What E-Class entry, discount group (index into the manufacturer's groups) and unit a family has. */
export interface DemoArticle {
  orderNumber: string | null;
  manufacturerNumber: string | null;
  description: string;
  listPrice: number;
  width: number | null;
  height: number | null;
  depth: number | null;
  weight: number;
  unit: 'Stück' | 'Meter' | 'Packung' | '100 Stück';
  priceUnitSize: number;
  packagingUnitSize: number;
  eclass: string | null;
  discountGroup: number | null;
  customsTarifNumber: string;
  countryOfOrigin: string;
  deliveryTime: number;
}

export type Family = (random: Random) => DemoArticle;

export const base = (random: Random) => ({
  unit: 'Stück' as const,
  priceUnitSize: 1,
  packagingUnitSize: 1,
  deliveryTime: pick(random, [1, 2, 3, 5, 10, 15]),
});
