import { Readable } from 'node:stream';
import {
  type ArticleExportRow,
  articleExportHead,
  articleExportLine,
} from '@portal/domain/rules/article-export-csv';
import type { DbOrTx } from '../../db/client';
import { findAlternatives } from './article.repository';
import { type ExportBatchRow, type ExportCursor, findExportBatch } from './article-export.repository';
import { type ArticleFilter, filterCondition } from './article-search.repository';

/** Rows per database round trip: a million-row export never holds more than one batch. */
export const EXPORT_BATCH_SIZE = 2000;

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
  let cursor: ExportCursor = null;
  for (;;) {
    const numbered: boolean = cursor === null || cursor.phase === 'numbered';
    const rows: ExportBatchRow[] = await findExportBatch(db, where, cursor, batchSize);
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
    const last: ExportBatchRow | undefined = rows.at(-1);
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
