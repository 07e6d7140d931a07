import { Readable } from 'node:stream';
import {
  type ArticleExportRow,
  articleExportHead,
  articleExportLine,
} from '@portal/domain/rules/article-export-csv';
import type { DbOrTx } from '../../db/client';
import { nextPieceSize, PGLITE_TARGET_MS } from '../../db/pacing';
import { findAlternatives } from './article.repository';
import { type ExportBatchRow, type ExportCursor, findExportBatch } from './article-export.repository';
import { type ArticleFilter, filterCondition } from './article-search.repository';

/**
 * Rows per database round trip: a million-row export never holds more than one batch. Each batch is sized
 * to take about PGLITE_TARGET_MS: on the embedded database a request waits for the whole of a batch (2,000
 * rows took 0.5 s there on a busy machine), on PostgreSQL the batches soon reach the largest size.
 */
const BATCH_ROWS = { first: 200, min: 50, max: 2000 };

/**
 * The filtered catalog in order-number order, batch by batch. Keyset pagination on the btree of the order
 * number (then the articles without order number by id) keeps every batch an index range scan, on
 * PostgreSQL and PGlite alike, without holding a transaction open for the whole export. `fixedBatchSize`
 * replaces the timed sizing (tests walk batch borders with it).
 */
export async function* exportBatches(
  db: DbOrTx,
  filter: ArticleFilter,
  fixedBatchSize?: number,
): AsyncGenerator<ArticleExportRow[]> {
  const where = filterCondition(filter);
  let cursor: ExportCursor = null;
  let batchSize = fixedBatchSize ?? BATCH_ROWS.first;
  for (;;) {
    const numbered: boolean = cursor === null || cursor.phase === 'numbered';
    const started = performance.now();
    const rows: ExportBatchRow[] = await findExportBatch(db, where, cursor, batchSize);
    const alternatives =
      rows.length > 0
        ? await findAlternatives(
            db,
            rows.map((row) => row.id),
          )
        : undefined;
    const took = performance.now() - started;
    if (rows.length > 0) {
      yield rows.map((row) => {
        const a = row.article;
        const lists = alternatives?.get(row.id);
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
    if (fixedBatchSize === undefined)
      batchSize = nextPieceSize(batchSize, took, { targetMs: PGLITE_TARGET_MS, ...BATCH_ROWS });
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
