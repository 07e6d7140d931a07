import type {
  OfferBulkResponse,
  OfferLineSelection,
  OfferPricingResponse,
} from '@portal/domain/schemas/pricing';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordChanges } from '../audit';
import { allBomLines, estimateOf } from '../bom';
import { supplierPricingTerms } from '../pricing';
import { readableOffer } from './offer.policy';
import { findOfferFiles } from './offer.repository';
import { decided } from './offer-decision';
import {
  markupLines,
  offerLineGroups,
  offerPricingSums,
  priceFromCatalog,
  roundLinesToCents,
} from './offer-pricing.repository';

const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;
const percentText = (value: number) => `${value.toLocaleString('de-DE', { maximumFractionDigits: 2 })} %`;

/** The lines a bulk action names in the offer's history ("alle Zeilen" or the criteria). */
function selectionText(selection: OfferLineSelection): string {
  const criteria = [
    selection.manufacturerId ? 'eines Herstellers' : null,
    selection.discountGroupId ? 'einer Rabattgruppe' : null,
    selection.status ? 'eines Status' : null,
  ].filter(Boolean);
  return criteria.length === 0 ? 'alle Zeilen' : `Zeilen ${criteria.join(', ')}`;
}

/**
 * The supplier's pricing desk on an offer: catalog prices, markup and rounding as one call each on all or the
 * selected lines (set-based, offer-pricing.repository.ts), only on the supplier's own editable draft
 * (domain/rules/offer-state.ts 'save': customers 403, a released offer 409, others 404), and the calculation
 * (purchase, markup, work, proposed price) for the supplier alone: purchase prices never reach the customer.
 */
export function createOfferPricingService(deps: { db: Db }) {
  const { db } = deps;

  async function editableOffer(actor: RequestActor, offerId: string) {
    const { offer } = await readableOffer(db, actor, offerId);
    decided(offer, actor, 'save');
    return offer;
  }

  async function bulk(
    actor: RequestActor,
    offerId: string,
    what: string,
    change: () => Promise<number>,
  ): Promise<OfferBulkResponse> {
    await editableOffer(actor, offerId);
    const changedLines = await change();
    await recordChanges(db, { entityType: 'OFFER', entityId: offerId, userId: actor.userId }, [
      { field: 'article', oldValue: null, newValue: `${what}: ${changedLines} Zeilen` },
    ]);
    return { changedLines };
  }

  return {
    /** A new offer's lines (or a revision's, on request) priced from the catalog with the supplier's terms. */
    async priceNewOffer(offerId: string, supplierId: string, userId: string) {
      const terms = await supplierPricingTerms(db, supplierId);
      return priceFromCatalog(db, offerId, {}, terms, userId);
    },

    markup(
      actor: RequestActor,
      body: { offerId: string; selection: OfferLineSelection; markupPercent: number },
    ) {
      return bulk(
        actor,
        body.offerId,
        `Aufschlag ${percentText(body.markupPercent)} auf ${selectionText(body.selection)}`,
        () => markupLines(db, body.offerId, body.selection, body.markupPercent, actor.userId),
      );
    },

    reprice(actor: RequestActor, body: { offerId: string; selection: OfferLineSelection }) {
      return bulk(
        actor,
        body.offerId,
        `Preise neu aus dem Katalog für ${selectionText(body.selection)}`,
        async () => {
          const terms = await supplierPricingTerms(db, actor.companyId);
          return priceFromCatalog(db, body.offerId, body.selection, terms, actor.userId);
        },
      );
    },

    roundToCents(actor: RequestActor, body: { offerId: string; selection: OfferLineSelection }) {
      return bulk(actor, body.offerId, `Auf Cent gerundet: ${selectionText(body.selection)}`, () =>
        roundLinesToCents(db, body.offerId, body.selection, actor.userId),
      );
    },

    /** The calculation of one cabinet and the proposed offer price for the enquiry's amount. */
    async calculation(actor: RequestActor, offerId: string): Promise<OfferPricingResponse> {
      const { offer } = await readableOffer(db, actor, offerId);
      if (actor.companyType !== 'SUPPLIER' || actor.companyId !== offer.supplierId) {
        throw new AppError('OFFER_FORBIDDEN');
      }
      const [sums, lines, files, groups, terms] = await Promise.all([
        offerPricingSums(db, offerId),
        allBomLines(db, { offerId }),
        findOfferFiles(db, offerId),
        offerLineGroups(db, offerId),
        supplierPricingTerms(db, offer.supplierId),
      ]);
      const estimate = estimateOf(
        lines,
        files.map((file) => file.fileType),
        1,
      );
      const workCost = estimate?.breakdown.work.costHigh ?? 0;
      return {
        purchaseTotal: sums.purchase,
        markupTotal: round2(sums.material - sums.purchase),
        materialTotal: sums.material,
        workCost,
        amount: offer.amount,
        proposedPrice: round2((sums.material + workCost) * offer.amount),
        defaultMarkupPercent: terms.markupPercent,
        ...groups,
      };
    },
  };
}

export type OfferPricingService = ReturnType<typeof createOfferPricingService>;
