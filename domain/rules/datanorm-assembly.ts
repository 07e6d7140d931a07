/**
 * Turns the lines of a DATANORM file (after the header) into catalog records, in file order and with
 * bounded memory: a DATANORM 4 article is its A record joined with the B record that the standard writes
 * directly after it, and with its long text (T records before or right after it, datanorm-texts.ts); P
 * records become price-only records (DATPREIS), and the prices of one article that follow each other (list
 * and net price in two entries) become one record. Records the portal does not use (dimension texts,
 * discount and product groups, surcharges, customer and end records) are passed over; lines that are no
 * record at all are refused with their line number.
 */

import type { CatalogRecord, CatalogRefusal } from './catalog-record';
import {
  applySupplement,
  DATANORM_REFUSALS,
  type DatanormHeader,
  field,
  isRefused,
  parseArticle,
  parseChangeV5,
  parsePrices,
  refusal,
} from './datanorm-records';
import { addLine, composeText, parseTextRecord, type TextLines, WaitingTexts } from './datanorm-texts';

/** Record kinds of DATANORM 4 and 5 that carry nothing the article import takes. */
const PASSED_OVER = new Set(['D', 'E', 'S', 'R', 'K', 'C', 'Z', 'G', 'J']);

export class DatanormAssembler {
  private records: CatalogRecord[] = [];
  private refusals: CatalogRefusal[] = [];
  /** The last record, still open for the B record of its article or further prices of it. */
  private pending: CatalogRecord | null = null;
  private pendingHasSupplement = false;
  /** The long text key the open article names, and its text lines so far. */
  private pendingTextKey: string | null = null;
  private pendingText: TextLines | null = null;
  private readonly waitingTexts = new WaitingTexts();

  constructor(private readonly header: DatanormHeader) {}

  /** One line of the file, without its line break; `line` counts from 1 (the header). */
  push(text: string, line: number): void {
    const kind = text[0];
    if (kind === undefined || (kind === ' ' && text.trim() === '')) return;
    if (text[1] !== ';') {
      this.refuse(line, DATANORM_REFUSALS.notARecord);
      return;
    }
    if (PASSED_OVER.has(kind)) return;
    const fields = text.split(';');
    const version = this.header.version;
    switch (kind) {
      case 'A': {
        const parsed = parseArticle(fields, line, version);
        if (isRefused(parsed)) {
          this.refusals.push(refusal(line, parsed));
          return;
        }
        this.open(parsed);
        const key = parsed.deleted ? null : field(fields, version === 4 ? 12 : 23);
        this.pendingTextKey = key;
        this.pendingText = key === null ? null : (this.waitingTexts.take(key) ?? new Map());
        return;
      }
      case 'T': {
        const text = parseTextRecord(fields, version);
        if (text === null) return;
        if (this.pendingText !== null && text.key === this.pendingTextKey) {
          for (const [number, content] of text.lines) addLine(this.pendingText, number, content);
        } else {
          this.waitingTexts.add(text.key, text.lines);
        }
        return;
      }
      case 'B': {
        if (version === 5) {
          const change = parseChangeV5(fields, line);
          if (change === null) return;
          if (isRefused(change)) this.refusals.push(refusal(line, change));
          else this.open(change);
          return;
        }
        const orderNumber = fields[2]?.trim() ?? '';
        const target = this.pending;
        if (
          target === null ||
          target.kind !== 'ARTICLE' ||
          target.deleted === true ||
          this.pendingHasSupplement ||
          target.orderNumber !== orderNumber
        ) {
          this.refuse(
            line,
            orderNumber === '' ? DATANORM_REFUSALS.noArticleNumber : DATANORM_REFUSALS.supplementAlone,
          );
          return;
        }
        applySupplement(target, fields);
        this.pendingHasSupplement = true;
        return;
      }
      case 'P': {
        for (const entry of parsePrices(fields, line, version)) {
          if (isRefused(entry)) this.refusals.push(refusal(line, entry));
          else this.addPrices(entry);
        }
        return;
      }
      default:
        this.refuse(line, DATANORM_REFUSALS.notARecord);
    }
  }

  /** Ends the file: the last open record is complete. */
  finish(): void {
    this.close();
  }

  /** Records and refusals complete so far, handed out once. */
  drain(): { records: CatalogRecord[]; refusals: CatalogRefusal[] } {
    const out = { records: this.records, refusals: this.refusals };
    this.records = [];
    this.refusals = [];
    return out;
  }

  /** Complete records and refusals waiting to be drained. */
  get size(): number {
    return this.records.length + this.refusals.length;
  }

  private refuse(line: number, reason: string): void {
    this.refusals.push({ line, reason });
  }

  private open(record: CatalogRecord): void {
    this.close();
    this.pending = record;
    this.pendingHasSupplement = false;
  }

  private close(): void {
    if (this.pending) {
      if (this.pendingText !== null && this.pendingText.size > 0) {
        this.pending.descriptionLong = composeText(this.pendingText);
      }
      this.records.push(this.pending);
    }
    this.pending = null;
    this.pendingText = null;
    this.pendingTextKey = null;
  }

  /** Prices of the same article in consecutive entries (list price, then net price) make one record. */
  private addPrices(entry: CatalogRecord): void {
    const pending = this.pending;
    if (pending?.kind === 'PRICES_ONLY' && pending.orderNumber === entry.orderNumber) {
      pending.listPrice = entry.listPrice ?? pending.listPrice;
      pending.purchasePrice = entry.purchasePrice ?? pending.purchasePrice;
      pending.priceQuantity = entry.priceQuantity ?? pending.priceQuantity;
      pending.discountGroup = entry.discountGroup ?? pending.discountGroup;
      return;
    }
    this.open(entry);
  }
}
