import { Readable } from 'node:stream';
import {
  type ArticleExportRow,
  articleExportHead,
  articleExportLine,
} from '@portal/domain/rules/article-export-csv';
import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articles, discountGroups, eclassEntries, manufacturers, units } from '../../db/schema';
import { findAlternatives } from './article.repository';
import { type ArticleFilter, filterCondition } from './article-search.repository';
import { orderNumberKey } from './article-sql';

/** Rows per database round trip: a million-row export never holds more than one batch. */
export const EXPORT_BATCH_SIZE = 2000;

interface BatchRow {
  id: string;
  key: string | null;
  article: typeof articles.$inferSelect;
  manufacturerName: string;
  unitName: string | null;
  discountGroupName: string | null;
  eclassNumber: string | null;
}

type Cursor = { phase: 'numbered'; key: string; id: string } | { phase: 'unnumbered'; id: string } | null;

/**
 * The filtered catalog in order-number order, batch by batch. Keyset pagination on the btree of the order
 * number (then the articles without order number by id) keeps every batch an index range scan, on
 * PostgreSQL and PGlite alike, without holding a transaction open for the whole export.
 */
export async function* exportBatches(
  db: DbOrTx,
  filter: ArticleFilter,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ArticleExportRow[]> {
  const where = filterCondition(filter);
  let cursor: Cursor = null;
  for (;;) {
    const numbered: boolean = cursor === null || cursor.phase === 'numbered';
    const after: SQL | undefined =
      cursor === null
        ? undefined
        : cursor.phase === 'numbered'
          ? sql`(${orderNumberKey}, ${articles.id}) > (${cursor.key}::text collate "C", ${cursor.id}::uuid)`
          : sql`${articles.id} > ${cursor.id}::uuid`;
    const rows: BatchRow[] = await db
      .select({
        id: articles.id,
        key: sql<string | null>`${orderNumberKey}`,
        article: articles,
        manufacturerName: manufacturers.displayName,
        unitName: units.displayName,
        discountGroupName: discountGroups.displayName,
        eclassNumber: eclassEntries.eclassNumber,
      })
      .from(articles)
      .innerJoin(manufacturers, eq(manufacturers.id, articles.manufacturerId))
      .leftJoin(units, eq(units.id, articles.unitId))
      .leftJoin(discountGroups, eq(discountGroups.id, articles.discountGroupId))
      .leftJoin(eclassEntries, eq(eclassEntries.id, articles.eclassId))
      .where(and(where, numbered ? isNotNull(articles.orderNumber) : isNull(articles.orderNumber), after))
      .orderBy(...(numbered ? [asc(orderNumberKey), asc(articles.id)] : [asc(articles.id)]))
      .limit(batchSize);
    if (rows.length > 0) {
      const alternatives = await findAlternatives(
        db,
        rows.map((row) => row.id),
      );
      yield rows.map((row) => {
        const a = row.article;
        const lists = alternatives.get(row.id);
        return {
          manufacturerName: row.manufacturerName,
          manufacturerNumber: a.manufacturerNumber,
          orderNumber: a.orderNumber,
          erpNumber: a.erpNumber,
          description: a.description,
          unitName: row.unitName,
          listPrice: a.listPrice,
          purchasePrice: a.purchasePrice,
          priceUnitSize: a.priceUnitSize,
          packagingUnitSize: a.packagingUnitSize,
          orderQuantityUnitSize: a.orderQuantityUnitSize,
          minimumOrderQuantityUnitSize: a.minimumOrderQuantityUnitSize,
          width: a.width,
          height: a.height,
          depth: a.depth,
          weight: a.weight,
          discountGroupName: row.discountGroupName,
          eclassNumber: row.eclassNumber,
          eanNumber: a.eanNumber,
          surchargeCode: a.surchargeCode,
          copperCode: a.copperCode,
          copperBaseValue: a.copperBaseValue,
          copperWeight: a.copperWeight,
          customsTarifNumber: a.customsTarifNumber,
          countryOfOriginAbbreviation: a.countryOfOriginAbbreviation,
          rohs: a.rohs,
          deliveryTime: a.deliveryTime,
          manufacturerLink: a.manufacturerLink,
          image: a.image,
          articleImportSource: a.articleImportSource,
          possibleOrderNumbers: lists?.ORDER ?? [],
          possibleManufacturerNumbers: lists?.MANUFACTURER ?? [],
        };
      });
    }
    const last: BatchRow | undefined = rows.at(-1);
    if (rows.length < batchSize || !last) {
      if (!numbered) return;
      cursor = { phase: 'unnumbered', id: '00000000-0000-0000-0000-000000000000' };
      continue;
    }
    cursor = numbered
      ? { phase: 'numbered', key: last.key!, id: last.id }
      : { phase: 'unnumbered', id: last.id };
  }
}

/** The CSV file of SPEC §9 as a stream (BOM, header, one line per article), produced batch by batch. */
export function articleExportStream(
  db: DbOrTx,
  filter: ArticleFilter,
): { stream: Readable; rows: () => number } {
  let count = 0;
  async function* lines() {
    yield articleExportHead();
    for await (const batch of exportBatches(db, filter)) {
      count += batch.length;
      yield batch.map(articleExportLine).join('');
    }
  }
  return { stream: Readable.from(lines()), rows: () => count };
}
