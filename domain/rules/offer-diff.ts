import type { DeliveryCondition } from '../enums';
import type { TechnicalSpec } from '../schemas/technical-spec';
import { germanDay } from './berlin-date';
import { germanNumber, germanPrice } from './german-number';
import type { OfferArticle } from './offer-copy';
import { diffTechnicalSpec } from './technical-spec';
import {
  DELIVERY_CONDITION_LABELS,
  technicalSpecFieldLabel,
  technicalSpecValueLabel,
} from './technical-spec-labels';

/**
 * What changed between two versions of an offer (a revision against the version it replaced),
 * each change with a German label and both values as a person reads them.
 *
 * Readings taken here:
 * - Articles are matched by a stable key: the enquiry line they came from (`originLineId`), else order
 *   number + BMK (trimmed, case-insensitive). An article whose key appears several times in a version is
 *   matched with the same occurrence in the other version (first with first, …). An article that changes
 *   its key (e.g. a new order number on an added article) is one removed and one added article.
 * - Of an article, the quantity and the price per piece are compared (the issue names these two); other
 *   values of a line are not listed.
 * - Prices are compared in whole cents, so 10.1 and 10.10000001 are no change.
 * - Technical fields are compared as diffTechnicalSpec does (as stored, so a value that does not apply on
 *   either side is no change).
 * - Order: offer fields, technical fields in form order, then removed and changed articles in the previous
 *   version's order, then added articles in the new version's order.
 */

/** What the comparison reads of one version of an offer. */
export interface OfferVersionFacts {
  price: number | null;
  desiredDeliveryDate: string | null;
  deliveryCondition: DeliveryCondition | null;
  technicalSpec: TechnicalSpec;
  articles: readonly OfferArticleFacts[];
}

export type OfferArticleFacts = Pick<
  OfferArticle,
  'originLineId' | 'orderNumber' | 'manufacturerNumber' | 'bmk' | 'quantity' | 'pricePerPiece'
>;

export type OfferVersionChangeKind =
  | 'offer'
  | 'technical'
  | 'articleAdded'
  | 'articleRemoved'
  | 'articleChanged';

type Value = string | number | boolean | null;

export interface OfferVersionChange {
  kind: OfferVersionChangeKind;
  /** The changed field: 'price', a technical field, 'quantity', 'pricePerPiece', or 'article' for added/removed. */
  field: string;
  /** The article's stable key (article changes only). */
  articleKey?: string;
  /** German, e.g. 'Preis', 'Verpackung', 'Artikel 3RT2015-1BB41 (-K1): Menge', 'Artikel hinzugefügt: …'. */
  label: string;
  before: Value;
  after: Value;
  /** The values as a person reads them ('12.500,00 €', '01.06.2030', 'Ja', '–'). */
  beforeText: string;
  afterText: string;
}

const EMPTY = '–';
function formatPrice(value: number | null): string {
  return value === null ? EMPTY : germanPrice(value);
}

function formatQuantity(value: number | null): string {
  return value === null ? EMPTY : germanNumber(value, 2);
}

function formatDay(value: string | null): string {
  return value ? germanDay(value) : EMPTY;
}

const cents = (value: number | null) => (value === null ? null : Math.round(value * 100));

/** The article's stable key: the enquiry line of origin, else order number + BMK. */
export function offerArticleKey(article: OfferArticleFacts): string {
  if (article.originLineId) return `line:${article.originLineId}`;
  const norm = (value: string | null) => (value ?? '').trim().toLowerCase();
  return `number:${norm(article.orderNumber)}|${norm(article.bmk)}`;
}

/** 'Artikel 3RT2015-1BB41 (-K1)': the order number (else the manufacturer number) and the BMK. */
export function offerArticleLabel(article: OfferArticleFacts): string {
  const number = article.orderNumber?.trim() || article.manufacturerNumber?.trim() || 'ohne Nummer';
  const bmk = article.bmk?.trim();
  return bmk ? `Artikel ${number} (${bmk})` : `Artikel ${number}`;
}

function describeArticle(article: OfferArticleFacts): string {
  return `${formatQuantity(article.quantity)} × ${formatPrice(article.pricePerPiece)}`;
}

/** Pairs the articles of two versions by key, the n-th occurrence of a key with the n-th. */
function pairArticles(previous: readonly OfferArticleFacts[], next: readonly OfferArticleFacts[]) {
  const waiting = new Map<string, OfferArticleFacts[]>();
  for (const article of next) {
    const key = offerArticleKey(article);
    const list = waiting.get(key);
    if (list) list.push(article);
    else waiting.set(key, [article]);
  }
  const pairs: { key: string; before: OfferArticleFacts; after: OfferArticleFacts | null }[] = [];
  for (const article of previous) {
    const key = offerArticleKey(article);
    pairs.push({ key, before: article, after: waiting.get(key)?.shift() ?? null });
  }
  const unmatched = new Set([...waiting.values()].flat());
  const added = next.filter((article) => unmatched.has(article));
  return { pairs, added };
}

function articleChanges(previous: readonly OfferArticleFacts[], next: readonly OfferArticleFacts[]) {
  const changes: OfferVersionChange[] = [];
  const { pairs, added } = pairArticles(previous, next);
  for (const { key, before, after } of pairs) {
    const name = offerArticleLabel(before);
    if (!after) {
      changes.push({
        kind: 'articleRemoved',
        field: 'article',
        articleKey: key,
        label: `${name} entfernt`,
        before: name,
        after: null,
        beforeText: describeArticle(before),
        afterText: EMPTY,
      });
      continue;
    }
    if (before.quantity !== after.quantity) {
      changes.push({
        kind: 'articleChanged',
        field: 'quantity',
        articleKey: key,
        label: `${name}: Menge`,
        before: before.quantity,
        after: after.quantity,
        beforeText: formatQuantity(before.quantity),
        afterText: formatQuantity(after.quantity),
      });
    }
    if (cents(before.pricePerPiece) !== cents(after.pricePerPiece)) {
      changes.push({
        kind: 'articleChanged',
        field: 'pricePerPiece',
        articleKey: key,
        label: `${name}: Preis pro Stück`,
        before: before.pricePerPiece,
        after: after.pricePerPiece,
        beforeText: formatPrice(before.pricePerPiece),
        afterText: formatPrice(after.pricePerPiece),
      });
    }
  }
  for (const article of added) {
    const name = offerArticleLabel(article);
    changes.push({
      kind: 'articleAdded',
      field: 'article',
      articleKey: offerArticleKey(article),
      label: `${name} hinzugefügt`,
      before: null,
      after: name,
      beforeText: EMPTY,
      afterText: describeArticle(article),
    });
  }
  return changes;
}

/** Every change from `previous` to `next`, German-labelled, in a fixed order (see above). */
export function diffOfferVersions(
  previous: OfferVersionFacts,
  next: OfferVersionFacts,
): OfferVersionChange[] {
  const changes: OfferVersionChange[] = [];
  if (cents(previous.price) !== cents(next.price)) {
    changes.push({
      kind: 'offer',
      field: 'price',
      label: 'Preis',
      before: previous.price,
      after: next.price,
      beforeText: formatPrice(previous.price),
      afterText: formatPrice(next.price),
    });
  }
  if ((previous.desiredDeliveryDate ?? null) !== (next.desiredDeliveryDate ?? null)) {
    changes.push({
      kind: 'offer',
      field: 'desiredDeliveryDate',
      label: 'Wunschliefertermin',
      before: previous.desiredDeliveryDate,
      after: next.desiredDeliveryDate,
      beforeText: formatDay(previous.desiredDeliveryDate),
      afterText: formatDay(next.desiredDeliveryDate),
    });
  }
  if ((previous.deliveryCondition ?? null) !== (next.deliveryCondition ?? null)) {
    const label = (value: DeliveryCondition | null) => (value ? DELIVERY_CONDITION_LABELS[value] : EMPTY);
    changes.push({
      kind: 'offer',
      field: 'deliveryCondition',
      label: 'Lieferbedingung',
      before: previous.deliveryCondition,
      after: next.deliveryCondition,
      beforeText: label(previous.deliveryCondition),
      afterText: label(next.deliveryCondition),
    });
  }
  for (const change of diffTechnicalSpec(previous.technicalSpec, next.technicalSpec)) {
    changes.push({
      kind: 'technical',
      field: change.field,
      label: technicalSpecFieldLabel(change.field),
      before: change.before ?? null,
      after: change.after ?? null,
      beforeText: technicalSpecValueLabel(change.field, change.before),
      afterText: technicalSpecValueLabel(change.field, change.after),
    });
  }
  changes.push(...articleChanges(previous.articles, next.articles));
  return changes;
}

/**
 * SPEC §3 "changes-detected flag" of an offer: its technical fields differ from the enquiry's (the
 * 'original value from the enquiry' of each field is diffTechnicalSpec's `before`).
 */
export function technicalChangesDetected(enquirySpec: TechnicalSpec, offerSpec: TechnicalSpec): boolean {
  return diffTechnicalSpec(enquirySpec, offerSpec).length > 0;
}
