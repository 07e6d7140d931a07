import { randomUUID } from 'node:crypto';
import { canCreateOffer } from '@portal/domain/permissions';
import type { FieldChange } from '@portal/domain/rules/change-diff';
import type { OfferListQuery, OfferOfEnquiry } from '@portal/domain/schemas/offer';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { recordChanges } from '../audit';
import { findBom, readableEnquiry, readTechnicalSpec } from '../enquiry';
import { supplierPricingTerms } from '../pricing';
import { toOfferListItem } from './offer.mapper';
import { readableOffer } from './offer.policy';
import {
  copyLinesToOffer,
  countCustomerCurrentOffers,
  deleteOffer,
  findOfferPage,
  findOffersByIds,
  findOpenOffer,
  insertOffer,
  updateOffer,
} from './offer.repository';
import { offerDetail } from './offer-detail';
import { priceFromCatalog } from './offer-pricing.repository';

/**
 * Offers: lists, detail, the offer of an enquiry, creating and archiving. Saving, releasing, the
 * status changes and revisions are commands (commands/). Every change is in the offer's history.
 */
export function createOfferService(deps: { db: Db }) {
  const { db } = deps;

  function audit(tx: DbOrTx, actor: RequestActor, id: string, changes: FieldChange[]) {
    return recordChanges(tx, { entityType: 'OFFER', entityId: id, userId: actor.userId }, changes);
  }

  async function reload(actor: RequestActor, id: string, tx: DbOrTx = db) {
    return offerDetail(tx, actor, await readableOffer(tx, actor, id));
  }

  return {
    reload,

    get: (actor: RequestActor, id: string) => reload(actor, id),

    /** SPEC §2 lists: suppliers their company's current versions, customers the released ones. */
    async list(actor: RequestActor, query: OfferListQuery) {
      if (actor.companyType !== 'CUSTOMER' && actor.companyType !== 'SUPPLIER') {
        return { content: [], totalElements: 0 };
      }
      const scope = {
        kind: actor.companyType === 'SUPPLIER' ? 'supplier' : 'customer',
        companyId: actor.companyId,
      } as const;
      const { rows, total } = await findOfferPage(db, scope, query);
      return {
        content: rows.map((row) =>
          toOfferListItem(row.offer, row.counterpartName, row.enquiryTitle, row.versions),
        ),
        totalElements: total,
      };
    },

    /** The supplier's open offer on an enquiry it may read; the customer's count of released offers. */
    async ofEnquiry(actor: RequestActor, enquiryId: string): Promise<OfferOfEnquiry> {
      await readableEnquiry(db, actor, enquiryId);
      if (actor.companyType === 'SUPPLIER') {
        const own = await findOpenOffer(db, enquiryId, actor.companyId);
        return {
          own: own ? { id: own.id, version: own.version, state: own.state, released: own.released } : null,
          releasedOffers: 0,
        };
      }
      return { own: null, releasedOffers: await countCustomerCurrentOffers(db, enquiryId) };
    },

    /**
     * A supplier answers a released enquiry addressed to it (else 404), not closed or
     * archived (409), with no open offer of its company on it (409 naming that one). The enquiry's fields
     * are copied (SPEC §3) and its BOM lines become the offer's articles, priced from the catalog.
     */
    async create(actor: RequestActor, enquiryId: string) {
      if (!canCreateOffer(actor)) throw new AppError('FORBIDDEN');
      const created = await db.transaction(async (tx) => {
        const { enquiry } = await readableEnquiry(tx, actor, enquiryId, { lock: true });
        if (enquiry.closed || enquiry.archived) throw new AppError('OFFER_ENQUIRY_CLOSED');
        const existing = await findOpenOffer(tx, enquiryId, actor.companyId);
        if (existing) {
          throw new AppError(
            'OFFER_EXISTS',
            `Zu dieser Anfrage gibt es bereits ein offenes Angebot Ihres Unternehmens (Version ${existing.version}).`,
            { issues: [{ path: 'offerId', message: existing.id }] },
          );
        }
        const id = randomUUID();
        const row = await insertOffer(tx, {
          id,
          lineageId: id,
          enquiryId,
          supplierId: actor.companyId,
          customerId: enquiry.customerId,
          referenceNumber: enquiry.referenceNumber,
          deliveryCondition: enquiry.deliveryCondition,
          desiredDeliveryDate: enquiry.desiredDeliveryDate,
          amount: enquiry.amount,
          price: enquiry.price,
          location: enquiry.location,
          additionalInfo: enquiry.additionalInfo,
          technicalSpec: readTechnicalSpec(enquiry.technicalSpec),
          createdBy: actor.userId,
        });
        await audit(tx, actor, row.id, [
          { field: 'version', oldValue: null, newValue: `1 (aus der Anfrage „${enquiry.title}“)` },
        ]);
        return { id: row.id, bom: await findBom(tx, enquiryId) };
      });
      // The enquiry is released, so its lines are fixed; they are copied in pieces after the commit. Should
      // the copy fail, the offer goes again (the supplier simply creates it anew).
      if (created.bom?.mapping) {
        try {
          await copyLinesToOffer(db, { enquiryBomId: created.bom.id }, created.id, false);
          // The pricing desk: every line starts priced from the catalog with the supplier's terms.
          const terms = await supplierPricingTerms(db, actor.companyId);
          await priceFromCatalog(db, created.id, {}, terms, actor.userId);
        } catch (error) {
          await deleteOffer(db, created.id);
          throw error;
        }
      }
      return reload(actor, created.id);
    },

    /** SPEC §2 "Löschen" in the lists (suppliers): archived; not an accepted order awaiting confirmation. */
    async archive(actor: RequestActor, ids: string[]) {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const rows = await findOffersByIds(tx, unique);
        const own = rows.filter(
          (row) =>
            actor.companyType === 'SUPPLIER' &&
            row.supplierId === actor.companyId &&
            row.state !== 'ACCEPTED',
        );
        for (const row of own.filter((candidate) => !candidate.archived)) {
          await updateOffer(tx, row.id, { archived: true });
          await audit(tx, actor, row.id, [{ field: 'archived', oldValue: 'Nein', newValue: 'Ja' }]);
        }
        const archived = own.map((row) => row.id);
        return { archived, failed: unique.filter((id) => !archived.includes(id)) };
      });
    },
  };
}

export type OfferService = ReturnType<typeof createOfferService>;
