import type { DbOrTx } from '../db/client';
import {
  articleAlternativeNumbers,
  articles,
  articleWholesalerInfos,
  discountGroups,
  eclassEntries,
  manufacturers,
  units,
  wholesalers,
} from '../db/schema';
import { DEMO_FAMILIES, type DemoArticle, demoEan, pick, seededRandom } from './articles-catalog';

/** Rows per INSERT: large enough to be fast, small enough for PostgreSQL's 65,535 parameters (35 columns). */
const CHUNK = 500;

const WHOLESALER_PREFIX: Record<string, string> = {
  'Sonepar Deutschland': 'SON',
  'Rexel Germany': 'RX',
  'FEGA & Schmitt': 'FS',
  Zajadacz: 'ZA',
  OBETA: 'OB',
  'Alexander Bürkle': 'AB',
  'UNI ELEKTRO': 'UE',
};

/** An alternative order number as BOMs write it: without separators, or with an old suffix. */
function alternativeOf(number: string, index: number): string {
  const compact = number.replace(/[\s.\-/]/g, '');
  return compact !== number ? compact : `${number}-${index % 2 === 0 ? 'Z' : 'ALT'}`;
}

/**
 * Demo articles (a few thousand, deterministic): the families of `articles-catalog.ts` for every
 * demo manufacturer of the master-data seed, with units, discount groups, E-Class entries, some wholesaler
 * prices and alternatives. Multi-row inserts in chunks keep the first `npm start` quick. Returns the number
 * of articles written.
 */
export async function seedArticles(db: DbOrTx): Promise<number> {
  const random = seededRandom(20_261_121);
  const [manufacturerRows, unitRows, groupRows, eclassRows, wholesalerRows] = await Promise.all([
    db.select({ id: manufacturers.id, name: manufacturers.displayName }).from(manufacturers),
    db.select({ id: units.id, name: units.displayName }).from(units),
    db
      .select({
        id: discountGroups.id,
        manufacturerId: discountGroups.manufacturerId,
        name: discountGroups.displayName,
      })
      .from(discountGroups)
      .orderBy(discountGroups.createdAt, discountGroups.displayName),
    db.select({ id: eclassEntries.id, number: eclassEntries.eclassNumber }).from(eclassEntries),
    db.select({ id: wholesalers.id, name: wholesalers.displayName }).from(wholesalers),
  ]);
  const manufacturerIds = new Map(manufacturerRows.map((row) => [row.name, row.id]));
  const unitIds = new Map(unitRows.map((row) => [row.name, row.id]));
  const eclassIds = new Map(eclassRows.map((row) => [row.number, row.id]));

  const drafts: { manufacturerId: string; article: DemoArticle; groupId: string | null }[] = [];
  for (const [manufacturer, families] of Object.entries(DEMO_FAMILIES)) {
    const manufacturerId = manufacturerIds.get(manufacturer);
    if (!manufacturerId) continue;
    const groups = groupRows.filter((group) => group.manufacturerId === manufacturerId);
    const seen = new Set<string>();
    for (const [family, count] of families) {
      // Draw until the family has `count` distinct articles (or the family's number space runs out).
      let made = 0;
      for (let attempt = 0; made < count && attempt < count * 6; attempt++) {
        const article = family(random);
        const key = (article.orderNumber ?? article.manufacturerNumber ?? '').toLowerCase();
        if (
          seen.has(key) ||
          (article.manufacturerNumber && seen.has(`mn:${article.manufacturerNumber.toLowerCase()}`))
        )
          continue;
        made += 1;
        seen.add(key);
        // Several articles share a type designation (colours, variants): only the first keeps it as number.
        if (article.manufacturerNumber) seen.add(`mn:${article.manufacturerNumber.toLowerCase()}`);
        const group =
          article.discountGroup === null ? undefined : (groups[article.discountGroup] ?? groups[0]);
        drafts.push({ manufacturerId, article, groupId: group?.id ?? null });
      }
    }
  }

  const rows = drafts.map(({ manufacturerId, article, groupId }, index) => ({
    manufacturerId,
    orderNumber: article.orderNumber,
    manufacturerNumber: article.manufacturerNumber,
    erpNumber: index % 7 === 0 ? `ERP-${String(100_000 + index)}` : null,
    description: article.description,
    deliveryTime: article.deliveryTime,
    unitId: unitIds.get(article.unit) ?? null,
    priceUnitSize: article.priceUnitSize,
    packagingUnitSize: article.packagingUnitSize,
    orderQuantityUnitSize: article.packagingUnitSize,
    minimumOrderQuantityUnitSize: article.packagingUnitSize,
    width: article.width,
    height: article.height,
    depth: article.depth,
    weight: article.weight,
    listPrice: article.listPrice,
    purchasePrice: index % 3 === 0 ? Number((article.listPrice * (0.55 + random() * 0.1)).toFixed(2)) : null,
    discountGroupId: groupId,
    eclassId: article.eclass ? (eclassIds.get(article.eclass) ?? null) : null,
    eanNumber: random() < 0.8 ? demoEan(random) : null,
    copperCode: article.unit === 'Meter' ? 'DEL' : null,
    copperBaseValue: article.unit === 'Meter' ? 150 : null,
    copperWeight: article.unit === 'Meter' ? Number((article.weight * 0.45).toFixed(4)) : null,
    customsTarifNumber: article.customsTarifNumber,
    countryOfOriginAbbreviation: article.countryOfOrigin,
    rohs: random() < 0.95,
    articleImportSource: index % 10 === 0 ? ('MANUAL' as const) : ('CSV' as const),
  }));

  const ids: string[] = [];
  for (let from = 0; from < rows.length; from += CHUNK) {
    const inserted = await db
      .insert(articles)
      .values(rows.slice(from, from + CHUNK))
      .returning({ id: articles.id });
    ids.push(...inserted.map((row) => row.id));
  }

  const infos: (typeof articleWholesalerInfos.$inferInsert)[] = [];
  const alternatives: (typeof articleAlternativeNumbers.$inferInsert)[] = [];
  rows.forEach((row, index) => {
    const articleId = ids[index]!;
    if (index % 3 === 1) {
      const first = pick(random, wholesalerRows);
      const chosen = index % 6 === 1 ? [first, pick(random, wholesalerRows)] : [first];
      for (const wholesaler of new Set(chosen)) {
        infos.push({
          articleId,
          wholesalerId: wholesaler.id,
          orderNumber: `${WHOLESALER_PREFIX[wholesaler.name] ?? 'GH'}${String(1_000_000 + Math.floor(random() * 8_999_999))}`,
          purchasePrice: Number(((row.listPrice ?? 0) * (0.5 + random() * 0.15)).toFixed(2)),
        });
      }
    }
    if (index % 10 === 3 && row.orderNumber) {
      alternatives.push({
        articleId,
        kind: 'ORDER',
        number: alternativeOf(row.orderNumber, index),
        position: 0,
      });
    }
    if (index % 20 === 5 && row.manufacturerNumber) {
      alternatives.push({
        articleId,
        kind: 'MANUFACTURER',
        number: alternativeOf(row.manufacturerNumber, index),
        position: 0,
      });
    }
  });
  for (let from = 0; from < infos.length; from += CHUNK * 4) {
    await db.insert(articleWholesalerInfos).values(infos.slice(from, from + CHUNK * 4));
  }
  // An alternative must not be another article's number of the same manufacturer (SPEC §5).
  const taken = new Set(
    rows
      .flatMap((row) => [row.orderNumber, row.manufacturerNumber])
      .filter(Boolean)
      .map((n) => n!.toLowerCase()),
  );
  const free = alternatives.filter((alternative) => !taken.has(alternative.number.toLowerCase()));
  for (let from = 0; from < free.length; from += CHUNK * 4) {
    await db.insert(articleAlternativeNumbers).values(free.slice(from, from + CHUNK * 4));
  }
  return ids.length;
}
