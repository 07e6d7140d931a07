import { Text } from '@mantine/core';
import { unitMeasure } from '@portal/domain/rules/unit-dimensions';
import type { BomLine } from '@portal/domain/schemas/bom';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../lib/format';

const EMPTY = '–';

/** "2,5 m": the quantity in German notation with the unit as written in the file. */
export function formatQuantity(quantity: number | null, unit: string | null): string {
  if (quantity === null) return unit ?? EMPTY;
  return unit ? `${formatNumber(quantity, 3)} ${unit}` : formatNumber(quantity, 3);
}

/**
 * What the line needs in the catalog's terms, beside the quantity as written (SPEC §3 BOM line matching
 * info, domain/rules/unit-dimensions.ts): the packages of an article sold in packs ("= 1 × 100 Stück"), a
 * converted quantity ("= 10 Meter"); null when the line says it already or has no article.
 */
export function catalogQuantity(line: BomLine, t: TFunction<'bom'>): string | null {
  const unit = line.matchedArticle?.unitName ?? null;
  if (line.status === 'WRONG_UNIT' || !unit) return null;
  if (line.packages !== null) {
    return t('quantity.packages', { packages: formatNumber(line.packages, 0), unit });
  }
  const { articleQuantity } = line;
  if (articleQuantity === null || (articleQuantity === line.quantity && !line.quantityUnitName)) return null;
  const same = articleQuantity === line.quantity && sameUnit(line.quantityUnitName, unit);
  return same ? null : t('quantity.converted', { quantity: formatQuantity(articleQuantity, unit) });
}

/** "lfm" and "Meter", "St." and "Stück": two spellings of one unit (the same measure, no pack). */
function sameUnit(lineUnit: string | null, articleUnit: string): boolean {
  if (lineUnit?.toLowerCase() === articleUnit.toLowerCase()) return true;
  const written = unitMeasure(lineUnit);
  const catalog = unitMeasure(articleUnit);
  return (
    !!written &&
    !!catalog &&
    written.dimension === catalog.dimension &&
    written.factor === catalog.factor &&
    written.pack === catalog.pack
  );
}

/**
 * The quantity cell of a line: as written; "40 Stk = 1 × 100 Stück" when the article is sold in packs;
 * for a wrong unit both units side by side ("Stückliste: 3 Stk, Katalog: Meter") so the cause is visible.
 */
export function LineQuantity({ line, t }: { line: BomLine; t: TFunction<'bom'> }) {
  const written = formatQuantity(line.quantity, line.quantityUnitName);
  const articleUnit = line.matchedArticle?.unitName ?? null;
  if (line.status === 'WRONG_UNIT' && articleUnit) {
    return (
      <Text size="sm" c="orange.9">
        {t('quantity.wrongUnit', { line: written, unit: articleUnit })}
      </Text>
    );
  }
  const catalog = catalogQuantity(line, t);
  if (!catalog) return written;
  return `${written} ${catalog}`;
}
