/**
 * The two group files a wholesaler sends beside its DATANORM article file: DATANORM.RAB with the discount
 * groups (R records: Rabattgruppe, discount, text) and DATANORM.WRG with the product groups (S records:
 * Hauptwarengruppe, Warengruppe, text). Field positions (0 = record kind), as php-erechnung-toolkit's
 * DatanormParser reads them and as a wholesaler's file (Sanitär Heinze, DATANORM.RAB) writes them:
 *
 *   DATANORM 4  R  1 Verarbeitungskennzeichen, 2 Rabattgruppe, 3 Rabattkennzeichen, 4 Wert, 5 Text
 *               S  1 Verarbeitungskennzeichen, 2 Hauptwarengruppe, 3 its text (when no Warengruppe follows),
 *                  4 Warengruppe, 5 its text
 *   DATANORM 5  R  1 Rabattgruppe, 2 Rabattkennzeichen, 3 Wert, 4 Text
 *               S  1 Hauptwarengruppe, 2 Warengruppe, 3 Text
 *
 * Rabattkennzeichen as in the P records (datanorm-records.ts): 1 discount in percent N2/2 (1250 = 12.5 %),
 * 2 multiplier N1/3 (0800 = 0.8, i.e. 20 % off), 3 surcharge in percent N2/2.
 */

import { field } from './datanorm-records';

export interface DatanormDiscountGroup {
  line: number;
  /** The wholesaler's group code as the A records name it (Rabattgruppe). */
  code: string;
  /** Discount off the list price in percent, two decimals. */
  percent: number;
  text: string | null;
}

export interface DatanormProductGroup {
  line: number;
  mainGroup: string;
  group: string | null;
  text: string | null;
}

/** German reasons of refused group records (grouped by reason in the report, so no values in them). */
export const DATANORM_GROUP_REFUSALS = {
  noCode: 'Rabattsatz (R) ohne Rabattgruppe.',
  value: 'Der Rabatt ist keine ganze Zahl (DATANORM schreibt 12,5 % als 1250).',
  percent: 'Ein Rabatt muss zwischen 0 und 100 % liegen.',
  multiplier: 'Ein Multiplikator muss größer als 0 und höchstens 1 sein (über 1 wäre er ein Zuschlag).',
  surcharge: 'Teuerungszuschläge (Rabattkennzeichen 3) nimmt das Portal nicht als Rabatt.',
  kind: 'Unbekanntes Rabattkennzeichen (erlaubt: 1 Rabatt in %, 2 Multiplikator).',
  noMainGroup: 'Warengruppensatz (S) ohne Hauptwarengruppe.',
} as const;

type Refused = { refused: string };

const DIGITS = /^\d+$/;

/** The discount in percent a Rabattkennzeichen and its value give, or why they give none. */
export function discountPercent(kind: string | null, raw: string | null): number | Refused {
  if (raw === null || !DIGITS.test(raw)) return { refused: DATANORM_GROUP_REFUSALS.value };
  const value = Number(raw);
  switch (kind) {
    case '1': {
      const percent = value / 100;
      return percent > 100 ? { refused: DATANORM_GROUP_REFUSALS.percent } : percent;
    }
    case '2': {
      const factor = value / 1000;
      if (factor <= 0 || factor > 1) return { refused: DATANORM_GROUP_REFUSALS.multiplier };
      return Math.round((1 - factor) * 10_000) / 100;
    }
    case '3':
      return { refused: DATANORM_GROUP_REFUSALS.surcharge };
    default:
      return { refused: DATANORM_GROUP_REFUSALS.kind };
  }
}

/** An R record of either version. */
export function parseDiscountGroup(
  fields: readonly string[],
  line: number,
  version: 4 | 5,
): DatanormDiscountGroup | Refused {
  const at = version === 4 ? 1 : 0;
  const code = field(fields, 1 + at);
  if (code === null) return { refused: DATANORM_GROUP_REFUSALS.noCode };
  const percent = discountPercent(field(fields, 2 + at), field(fields, 3 + at));
  if (typeof percent !== 'number') return percent;
  return { line, code, percent, text: field(fields, 4 + at) };
}

/** An S record of either version. */
export function parseProductGroup(
  fields: readonly string[],
  line: number,
  version: 4 | 5,
): DatanormProductGroup | Refused {
  if (version === 5) {
    const mainGroup = field(fields, 1);
    if (mainGroup === null) return { refused: DATANORM_GROUP_REFUSALS.noMainGroup };
    return { line, mainGroup, group: field(fields, 2), text: field(fields, 3) };
  }
  const mainGroup = field(fields, 2);
  if (mainGroup === null) return { refused: DATANORM_GROUP_REFUSALS.noMainGroup };
  const group = field(fields, 4);
  return { line, mainGroup, group, text: group === null ? field(fields, 3) : field(fields, 5) };
}

export interface DatanormGroups {
  discountGroups: DatanormDiscountGroup[];
  productGroups: DatanormProductGroup[];
  refusals: { line: number; reason: string }[];
}

/**
 * Collects the R and S records of a group file line by line. A later R record of the same group replaces
 * the earlier one (the file's last word counts); records of other kinds (an article file sent by mistake)
 * are refused with their line, so the person sees the file is not what its name says.
 */
export class DatanormGroupCollector {
  private readonly discounts = new Map<string, DatanormDiscountGroup>();
  private readonly products: DatanormProductGroup[] = [];
  private readonly refusals: { line: number; reason: string }[] = [];

  constructor(private readonly version: 4 | 5) {}

  push(text: string, line: number): void {
    const kind = text[0];
    if (kind === undefined || text.trim() === '') return;
    const fields = text.split(';');
    if (kind === 'R' && text[1] === ';') {
      const parsed = parseDiscountGroup(fields, line, this.version);
      if ('refused' in parsed) this.refusals.push({ line, reason: parsed.refused });
      else this.discounts.set(parsed.code, parsed);
    } else if (kind === 'S' && text[1] === ';') {
      const parsed = parseProductGroup(fields, line, this.version);
      if ('refused' in parsed) this.refusals.push({ line, reason: parsed.refused });
      else this.products.push(parsed);
    } else {
      this.refusals.push({
        line,
        reason: `Satzart „${kind}“ gehört nicht in eine Rabatt- oder Warengruppendatei (DATANORM.RAB, DATANORM.WRG).`,
      });
    }
  }

  result(): DatanormGroups {
    return {
      discountGroups: [...this.discounts.values()],
      productGroups: this.products,
      refusals: this.refusals,
    };
  }
}
