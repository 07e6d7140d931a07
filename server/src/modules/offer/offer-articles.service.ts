import { metresEach, quantityInArticleUnit } from '@portal/domain/rules/unit-dimensions';
import type { BomSummedResponse, bomLinesPageQuery } from '@portal/domain/schemas/bom-lines';
import type {
  OfferArticleLine,
  OfferArticleSearchResult,
  OfferArticlesPage,
  offerArticleSearchQuery,
  offerArticleUpdateBody,
} from '@portal/domain/schemas/offer';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { bomLines } from '../../db/schema';
import { AppError } from '../../errors';
import { searchCatalog } from '../article';
import { recordChanges } from '../audit';
import {
  allBomLines,
  type BomOwner,
  bomLinesById,
  countBomLines,
  filteredTotal,
  findArticleWithUnit,
  type LineRow,
  pageBomLines,
  summedBom,
  toBomLine,
} from '../bom';
import { readableOffer } from './offer.policy';
import {
  type AlternativeArticle,
  findAlternativeArticles,
  offerTotals,
  updateOfferArticle,
} from './offer-articles.repository';
import { decided } from './offer-decision';

const round2 = (value: number) => Math.round(value * 100) / 100;

const lineTotal = (quantity: number | null, pricePerPiece: number | null) =>
  pricePerPiece === null ? null : round2((quantity ?? 0) * pricePerPiece);

/**
 * A line of the offer with the supplier's price, note, lead time, line total and alternative (`alternatives`:
 * the articles offered on the page's lines); for the offer's supplier (`supplierView`) also where the price came
 * from and the price before markup, which nobody else ever receives.
 */
export function toOfferArticle(
  row: LineRow,
  supplierView = false,
  alternatives: ReadonlyMap<string, AlternativeArticle> = new Map(),
): OfferArticleLine {
  const { pricePerPiece, note, originLineId, quantity, priceSource, deliveryTime } = row.line;
  const alternative = row.line.alternativeArticleId
    ? alternatives.get(row.line.alternativeArticleId)
    : undefined;
  return {
    ...toBomLine(row),
    pricePerPiece,
    note,
    deliveryTime,
    originLineId,
    totalPrice: lineTotal(quantity, pricePerPiece),
    alternative: alternative
      ? {
          articleId: alternative.id,
          manufacturerName: alternative.manufacturerName,
          manufacturerNumber: alternative.manufacturerNumber,
          orderNumber: alternative.orderNumber,
          description: alternative.description,
          unitName: alternative.unitName,
          pricePerPiece: row.line.alternativePricePerPiece,
          totalPrice: lineTotal(quantity, row.line.alternativePricePerPiece),
        }
      : null,
    ...(supplierView
      ? {
          priceSource: priceSource
            ? {
                kind: priceSource,
                name: row.line.priceSourceName,
                basePricePerPiece: row.line.basePricePerPiece,
              }
            : null,
        }
      : {}),
    lastUpdate: row.line.updatedAt.toISOString(),
  };
}

/** The supplier's own price on a line: typed in ("manuell", its own base for a later markup) or cleared. */
function typedPrice(
  line: LineRow['line'],
  pricePerPiece: number | null,
): Partial<typeof bomLines.$inferInsert> {
  if (pricePerPiece === line.pricePerPiece) return {};
  return pricePerPiece === null
    ? { basePricePerPiece: null, priceSource: null, priceSourceName: null }
    : { basePricePerPiece: pricePerPiece, priceSource: 'MANUAL', priceSourceName: null };
}

const alternativeIssue = (message: string) =>
  new AppError('VALIDATION', message, { issues: [{ path: 'alternativeArticleId', message }] });

/**
 * The alternative of a saved line: absent keeps it (its price may still change), null removes it with its
 * price, an article sets it. It must be a catalog article other than the line's own match (400 otherwise).
 */
async function alternativeValues(
  tx: DbOrTx,
  line: LineRow['line'],
  body: z.output<typeof offerArticleUpdateBody>,
  replacedMatchId: string | null | undefined,
): Promise<Partial<typeof bomLines.$inferInsert>> {
  const articleId = body.alternativeArticleId;
  if (articleId === null) return { alternativeArticleId: null, alternativePricePerPiece: null };
  const price =
    body.alternativePricePerPiece === undefined
      ? {}
      : { alternativePricePerPiece: body.alternativePricePerPiece };
  if (articleId === undefined) return line.alternativeArticleId ? price : {};
  if (articleId === (replacedMatchId ?? line.matchedArticleId)) {
    throw alternativeIssue('Die Alternative muss ein anderer Artikel sein als der Artikel der Zeile.');
  }
  if (!(await findArticleWithUnit(tx, articleId))) {
    throw alternativeIssue(
      'Der gewählte Alternativartikel wurde im Katalog nicht gefunden. Bitte suchen Sie ihn erneut.',
    );
  }
  return { alternativeArticleId: articleId, ...price };
}

/**
 * The offer's articles (SPEC §2 articles table): page with counts and totals, the summed
 * BOM, and the supplier's edit of a line on its draft (quantity, price per piece, replacement article,
 * note; flagged `edited`). Whoever may read the offer reads its articles.
 */
type OfferArticleSearchQuery = z.output<typeof offerArticleSearchQuery>;

export function createOfferArticlesService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async page(
      actor: RequestActor,
      offerId: string,
      query: z.output<typeof bomLinesPageQuery>,
    ): Promise<OfferArticlesPage> {
      const { offer } = await readableOffer(db, actor, offerId);
      const supplierView = actor.companyType === 'SUPPLIER' && actor.companyId === offer.supplierId;
      const owner: BomOwner = { offerId };
      const request = {
        page: query.page,
        size: query.paginationSize,
        column: query.column,
        descending: query.sortDescending,
        status: query.status,
        errorsOnly: query.errorsOnly,
      };
      const [counts, rows, totals] = await Promise.all([
        countBomLines(db, owner),
        pageBomLines(db, owner, request),
        offerTotals(db, offerId),
      ]);
      const alternatives = await findAlternativeArticles(
        db,
        rows.map((row) => row.line.alternativeArticleId),
      );
      return {
        content: rows.map((row) => toOfferArticle(row, supplierView, alternatives)),
        totalElements: filteredTotal(counts, request),
        counts,
        totals,
      };
    },

    /** The catalog search of the edit dialog: the supplier of an editable offer (else 404/403/409). */
    async search(actor: RequestActor, query: OfferArticleSearchQuery): Promise<OfferArticleSearchResult> {
      const { offer } = await readableOffer(db, actor, query.offerId);
      decided(offer, actor, 'save');
      const hits = await searchCatalog(db, {
        searchTerm: query.searchTerm,
        amount: query.amount,
        manufacturer: query.manufacturer,
      });
      return hits.map((hit) => ({
        id: hit.id,
        manufacturerName: hit.manufacturerName,
        manufacturerNumber: hit.manufacturerNumber,
        orderNumber: hit.orderNumber,
        description: hit.description,
        unitName: hit.unitName,
        listPrice: hit.listPrice,
        exactMatch: hit.exactMatch,
      }));
    },

    async summed(actor: RequestActor, offerId: string): Promise<BomSummedResponse> {
      await readableOffer(db, actor, offerId);
      return summedBom(await allBomLines(db, { offerId }));
    },

    async update(
      actor: RequestActor,
      body: z.output<typeof offerArticleUpdateBody>,
    ): Promise<OfferArticleLine> {
      return db.transaction(async (tx) => {
        const { offer } = await readableOffer(tx, actor, body.offerId, { lock: true });
        decided(offer, actor, 'save');
        const owner: BomOwner = { offerId: offer.id };
        const [current] = await bomLinesById(tx, owner, [body.lineId]);
        if (!current) throw new AppError('BOM_LINE_NOT_FOUND');
        const { line } = current;
        // Based on the line as the edit dialog loaded it: a colleague's save since then is not overwritten.
        await claimLoadedState(tx, bomLines, line.id, { lastUpdate: body.lastUpdate, userId: actor.userId });
        // The quantity in the article's unit follows the new quantity (same conversion factor as before).
        const factor =
          line.quantity && line.articleQuantity !== null ? line.articleQuantity / line.quantity : 1;
        let match: Partial<typeof bomLines.$inferInsert> = {
          articleQuantity: line.matchedArticleId ? body.quantity * factor : line.articleQuantity,
        };
        if (body.replacementArticleId && body.replacementArticleId !== line.matchedArticleId) {
          const article = await findArticleWithUnit(tx, body.replacementArticleId);
          if (!article) throw new AppError('REPLACE_ARTICLE_NOT_FOUND');
          // In the new article's unit (pieces of a "100 Stück" article, metres of a cable written with its
          // length); chosen by hand, a unit that cannot be converted is taken as the article's.
          const converted = quantityInArticleUnit(
            body.quantity,
            {
              name: line.quantityUnitName,
              unitId: line.quantityUnitId,
              unitNames: [],
              metresEach: metresEach([line.orderNumber, line.manufacturerNumber]),
            },
            article,
          );
          match = {
            matchedArticleId: article.id,
            manualReplacement: true,
            status: line.isSuppliedPart ? 'SUPPLIED' : 'MATCHED',
            candidateIds: [],
            articleQuantity: converted ?? body.quantity,
          };
        }
        const alternative = await alternativeValues(tx, line, body, match.matchedArticleId);
        await updateOfferArticle(tx, line.id, {
          quantity: body.quantity,
          pricePerPiece: body.pricePerPiece,
          ...typedPrice(line, body.pricePerPiece),
          note: body.note,
          ...(body.deliveryTime === undefined ? {} : { deliveryTime: body.deliveryTime }),
          edited: true,
          ...match,
          ...alternative,
        });
        const number = [line.orderNumber, line.manufacturerNumber].filter(Boolean).join(' / ');
        await recordChanges(tx, { entityType: 'OFFER', entityId: offer.id, userId: actor.userId }, [
          { field: 'article', oldValue: null, newValue: `Zeile ${line.rowNumber}: ${number}` },
        ]);
        const [updated] = (await bomLinesById(tx, owner, [line.id])) as [LineRow];
        const alternatives = await findAlternativeArticles(tx, [updated.line.alternativeArticleId]);
        return toOfferArticle(updated, true, alternatives);
      });
    },
  };
}

export type OfferArticlesService = ReturnType<typeof createOfferArticlesService>;
