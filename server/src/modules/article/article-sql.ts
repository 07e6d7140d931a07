import { articleNumberKey } from '@portal/domain/rules/article-alternatives';
import { escapeLike, foldedContainsPattern } from '@portal/domain/rules/search-fold';
import { type SQL, sql } from 'drizzle-orm';
import { articleAlternativeNumbers, articles } from '../../db/schema';

/**
 * The key expressions of the article indexes (db/schema/article.ts). A query must spell them exactly so,
 * `collate "C"` included, or PostgreSQL does not use the index.
 */
export const orderNumberKey = sql`lower(${articles.orderNumber}) collate "C"`;
export const manufacturerNumberKey = sql`lower(${articles.manufacturerNumber}) collate "C"`;
export const alternativeNumberKey = sql`lower(${articleAlternativeNumbers.number}) collate "C"`;

/**
 * The trigram-indexed expressions (substring search). The description is compared folded as
 * Germans type ("Schuetz" finds "Schütz", "oelflex" finds "ÖLFLEX"; portal_fold of migration 0005, twin of
 * `searchFold` in domain/rules/search-fold.ts). The numbers are not folded: article numbers hardly ever
 * hold umlauts, and folding them would put the function into three more index builds of every large import.
 */
export const orderNumberText = sql`lower(${articles.orderNumber})`;
export const manufacturerNumberText = sql`lower(${articles.manufacturerNumber})`;
export const descriptionText = sql`portal_fold(${articles.description})`;
export const alternativeNumberText = sql`lower(${articleAlternativeNumbers.number})`;

/**
 * The list price of one piece, as `listPricePerPiece` in domain/rules/article-price.ts computes
 * it (a missing or zero price unit counts as 1, four decimals). The export's price filter compares it.
 */
export const listPricePerPieceSql = sql`round(${articles.listPrice} / (case when ${articles.priceUnitSize} > 0 then ${articles.priceUnitSize} else 1 end), 4)`;

/** Shortest search text answered by the trigram indexes; shorter texts match the start of numbers. */
export const MIN_SUBSTRING_LENGTH = 3;

/** The search text as the indexes compare it: trimmed and lower-cased. */
export function searchKey(text: string): string {
  return articleNumberKey(text);
}

export function containsPattern(text: string): string {
  return `%${escapeLike(searchKey(text))}%`;
}

export function prefixPattern(text: string): string {
  return `${escapeLike(searchKey(text))}%`;
}

/** The pattern for the folded description (`descriptionText`). */
export function descriptionPattern(text: string): string {
  return foldedContainsPattern(searchKey(text));
}

/**
 * SPEC §7 article search condition over order number, manufacturer number, the alternatives and the
 * description. From three characters on a case-insensitive substring match (trigram GIN indexes, combined
 * by a BitmapOr: the alternatives enter as `id = any(array(...))` so the OR stays indexable); shorter texts
 * match numbers that start with them (btree), since one or two characters say nothing about a description.
 * The description is matched folded (Schuetz = Schütz), the numbers as typed, lower-cased.
 */
export function textCondition(text: string): SQL {
  if (searchKey(text).length >= MIN_SUBSTRING_LENGTH) {
    const pattern = containsPattern(text);
    return sql`(${orderNumberText} like ${pattern} or ${manufacturerNumberText} like ${pattern} or ${descriptionText} like ${descriptionPattern(text)} or ${articles.id} = any(array(select ${articleAlternativeNumbers.articleId} from ${articleAlternativeNumbers} where ${alternativeNumberText} like ${pattern})))`;
  }
  const pattern = prefixPattern(text);
  return sql`(${orderNumberKey} like ${pattern} or ${manufacturerNumberKey} like ${pattern} or ${articles.id} = any(array(select ${articleAlternativeNumbers.articleId} from ${articleAlternativeNumbers} where ${alternativeNumberKey} like ${pattern})))`;
}
