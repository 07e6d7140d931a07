import { bestIndexes, lineDiffers } from '@portal/domain/rules/offer-compare';
import { diffOfferVersions } from '@portal/domain/rules/offer-diff';
import { isOfferExpired } from '@portal/domain/rules/offer-validity';
import {
  MAX_COMPARISON_LINES,
  type OfferComparisonResponse,
  type OfferRevisionResponse,
} from '@portal/domain/schemas/offer';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findBom, readableEnquiry, readTechnicalSpec } from '../enquiry';
import { technicalChanges } from './offer.mapper';
import { readableOffer } from './offer.policy';
import { findCustomerCurrentOffers, findVersions, type OfferRow } from './offer.repository';
import { findArticlesOfOffers } from './offer-articles.repository';
import { findComparisonLines, findComparisonTotals } from './offer-compare.repository';
import { bestPrices, lineValues } from './offer-compare-grid';

/**
 * The versions of an offer with what changed from one to the next, and the
 * customer's comparison of the released offers on an enquiry.
 */
export function createOfferCompareService(deps: { db: Db }) {
  const { db } = deps;

  /** Every version the actor may see (customers: released ones), each with its changes from the one before. */
  async function revisions(actor: RequestActor, offerId: string): Promise<OfferRevisionResponse> {
    const { offer } = await readableOffer(db, actor, offerId);
    const versions = (await findVersions(db, offer.lineageId)).filter(
      (row) => actor.companyType === 'SUPPLIER' || row.released,
    );
    const articles = await findArticlesOfOffers(
      db,
      versions.map((row) => row.id),
    );
    const facts = (row: OfferRow) => ({
      price: row.price,
      desiredDeliveryDate: row.desiredDeliveryDate,
      deliveryCondition: row.deliveryCondition,
      technicalSpec: readTechnicalSpec(row.technicalSpec),
      articles: articles.get(row.id) ?? [],
    });
    return {
      versions: versions.map((row, index) => {
        const previous = index > 0 ? versions[index - 1] : undefined;
        return {
          id: row.id,
          version: row.version,
          state: row.state,
          released: row.released,
          releaseDate: row.releaseDate?.toISOString() ?? null,
          invalidated: row.invalidated,
          createDate: row.createdAt.toISOString(),
          changes: previous
            ? diffOfferVersions(facts(previous), facts(row)).map(
                ({ before: _b, after: _a, ...change }) => change,
              )
            : [],
        };
      }),
    };
  }

  /**
   * The customer's own released enquiry: its released offers side by side, line by line (price, lead time,
   * alternative, the best marked), with each offer's sum without work. The same reads whatever the size.
   */
  async function compare(actor: RequestActor, enquiryId: string): Promise<OfferComparisonResponse> {
    if (actor.companyType !== 'CUSTOMER') {
      await readableEnquiry(db, actor, enquiryId);
      throw new AppError('FORBIDDEN');
    }
    // Read beside the access check (a round trip less under load); nothing is answered before it passed.
    const [{ enquiry }, current, bom] = await Promise.all([
      readableEnquiry(db, actor, enquiryId),
      findCustomerCurrentOffers(db, enquiryId),
      findBom(db, enquiryId),
    ]);
    const enquirySpec = readTechnicalSpec(enquiry.technicalSpec);
    const ids = current.map(({ offer }) => offer.id);
    const [enquiryLines, totals] = await Promise.all([
      bom?.mapping ? findComparisonLines(db, bom.id, ids, MAX_COMPARISON_LINES + 1) : [],
      findComparisonTotals(db, ids),
    ]);
    const prices = current.map(({ offer }) => offer.price).filter((price): price is number => price !== null);
    const dates = current
      .map(({ offer }) => offer.desiredDeliveryDate)
      .filter((date): date is string => date !== null);
    const lowest = prices.length > 0 ? Math.min(...prices) : null;
    const earliest = dates.length > 0 ? dates.sort()[0] : null;
    // An awarded enquiry takes no further acceptance, nor does an expired offer (offer-award.ts, offer-validity.ts).
    const awarded = current.some(({ offer }) => offer.state === 'ACCEPTED' || offer.state === 'CONFIRMED');
    const offers = current.map(({ offer, supplierName }) => ({
      id: offer.id,
      supplierName,
      offerNumber: offer.offerNumber,
      version: offer.version,
      state: offer.state,
      releaseDate: offer.releaseDate?.toISOString() ?? null,
      price: offer.price,
      desiredDeliveryDate: offer.desiredDeliveryDate,
      deliveryCondition: offer.deliveryCondition,
      technicalChanges: technicalChanges(enquirySpec, readTechnicalSpec(offer.technicalSpec)),
      lowestPrice: lowest !== null && offer.price === lowest,
      earliestDate: earliest !== null && offer.desiredDeliveryDate === earliest,
      acceptable: offer.state === 'OPEN' && !offer.invalidated && !awarded && !isOfferExpired(offer),
      inRevision: offer.invalidated,
      ...(totals.get(offer.id) ?? { materialTotal: 0, pricedLines: 0, longestDeliveryTime: null }),
    }));
    const lines = enquiryLines.slice(0, MAX_COMPARISON_LINES).map((line) => {
      const values = lineValues(ids.length, line);
      return {
        key: line.id,
        rowNumber: line.rowNumber,
        orderNumber: line.orderNumber,
        manufacturerNumber: line.manufacturerNumber,
        manufacturerName: line.manufacturerName,
        discountGroup: line.discountGroup,
        bmk: line.bmk,
        quantity: line.quantity,
        ...values,
        // An alternative offered cheaper counts (the customer may take it).
        lowest: bestIndexes(bestPrices(values)),
        fastest: bestIndexes(values.deliveryTimes),
        differs: lineDiffers(values),
      };
    });
    return {
      enquiry: {
        id: enquiry.id,
        title: enquiry.title,
        referenceNumber: enquiry.referenceNumber,
        price: enquiry.price,
        desiredDeliveryDate: enquiry.desiredDeliveryDate,
        deliveryCondition: enquiry.deliveryCondition,
        amount: enquiry.amount,
        awarded,
      },
      offers,
      lines,
      linesTruncated: enquiryLines.length > MAX_COMPARISON_LINES,
    };
  }

  return { revisions, compare };
}

export type OfferCompareService = ReturnType<typeof createOfferCompareService>;
