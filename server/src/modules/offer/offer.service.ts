import { randomUUID } from 'node:crypto';
import { canCreateOffer } from '@portal/domain/permissions';
import type { FieldChange } from '@portal/domain/rules/change-diff';
import { todayIsoDate } from '@portal/domain/rules/enquiry-status';
import { cleanTechnicalSpec } from '@portal/domain/rules/technical-spec';
import {
  OFFER_DELIVERY_CONDITION_REQUIRED,
  OFFER_DELIVERY_DATE_REQUIRED,
  OFFER_NUMBER_REQUIRED,
  OFFER_PRICE_MESSAGE,
  type OfferListQuery,
  type OfferOfEnquiry,
  type offerUpdateBody,
} from '@portal/domain/schemas/offer';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { offers } from '../../db/schema';
import { AppError } from '../../errors';
import { recordChanges } from '../audit/audit.repository';
import { readTechnicalSpec, technicalSpecChanges } from '../enquiry/enquiry.mapper';
import { readableEnquiry } from '../enquiry/enquiry.policy';
import { findBom } from '../enquiry/enquiry-bom.repository';
import { toOfferListItem } from './offer.mapper';
import { readableOffer } from './offer.policy';
import {
  copyLinesToOffer,
  countCustomerCurrentOffers,
  type FoundOffer,
  findOfferFiles,
  findOfferPage,
  findOffersByIds,
  findOpenOffer,
  insertOffer,
  type OfferRow,
  updateOffer,
} from './offer.repository';
import { decided, fileFacts } from './offer-decision';
import { offerDetail } from './offer-detail';

export type OfferUpdateInput = z.output<typeof offerUpdateBody>;

/** The supplier's editable fields as stored. */
function editable(input: OfferUpdateInput) {
  return {
    offerNumber: input.offerNumber,
    price: input.price,
    deliveryCondition: input.deliveryCondition,
    desiredDeliveryDate: input.desiredDeliveryDate,
    additionalInfoSupplier: input.additionalInfoSupplier,
    technicalSpec: cleanTechnicalSpec(input.technicalSpec),
  };
}

const text = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : String(value);

/** The history entries of a save: the changed fields (price as `offerPrice`) and technical options. */
function editChanges(before: OfferRow, after: ReturnType<typeof editable>): FieldChange[] {
  const changes: FieldChange[] = [];
  const pairs = [
    ['offerNumber', before.offerNumber, after.offerNumber],
    ['offerPrice', before.price, after.price],
    ['deliveryCondition', before.deliveryCondition, after.deliveryCondition],
    ['desiredDeliveryDate', before.desiredDeliveryDate, after.desiredDeliveryDate],
    ['additionalInfoSupplier', before.additionalInfoSupplier, after.additionalInfoSupplier],
  ] as const;
  for (const [field, oldValue, newValue] of pairs) {
    if (text(oldValue) !== text(newValue))
      changes.push({ field, oldValue: text(oldValue), newValue: text(newValue) });
  }
  return [...changes, ...technicalSpecChanges(readTechnicalSpec(before.technicalSpec), after.technicalSpec)];
}

/** SPEC §5 required fields of a release, and a desired delivery date in the future. */
function releaseFieldProblems(row: OfferRow): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (!row.offerNumber) problems.push({ path: 'offerNumber', message: OFFER_NUMBER_REQUIRED });
  if (row.price === null) problems.push({ path: 'price', message: OFFER_PRICE_MESSAGE });
  if (!row.deliveryCondition) {
    problems.push({ path: 'deliveryCondition', message: OFFER_DELIVERY_CONDITION_REQUIRED });
  }
  if (!row.desiredDeliveryDate) {
    problems.push({ path: 'desiredDeliveryDate', message: OFFER_DELIVERY_DATE_REQUIRED });
  } else if (row.desiredDeliveryDate <= todayIsoDate()) {
    problems.push({ path: 'desiredDeliveryDate', message: 'Der Liefertermin muss in der Zukunft liegen.' });
  }
  return problems;
}

/**
 * Issue 14: offers from the supplier's draft to release; lists, detail and the offer of an enquiry. State
 * actions and revisions are in offer-state.service.ts. Every change is in the offer's history.
 */
export function createOfferService(deps: { db: Db }) {
  const { db } = deps;

  function audit(tx: DbOrTx, actor: RequestActor, id: string, changes: FieldChange[]) {
    return recordChanges(tx, { entityType: 'OFFER', entityId: id, userId: actor.userId }, changes);
  }

  async function reload(actor: RequestActor, id: string, tx: DbOrTx = db) {
    return offerDetail(tx, actor, await readableOffer(tx, actor, id));
  }

  /** The supplier's draft, locked; anything else is refused as offer-state.ts decides (403/409). */
  async function editableOffer(tx: DbOrTx, actor: RequestActor, id: string) {
    const found = await readableOffer(tx, actor, id, { lock: true });
    decided(found.offer, actor, 'save');
    return found;
  }

  /** Writes the draft based on the state its form loaded (`lastUpdate`): never over a colleague's save. */
  async function save(tx: DbOrTx, actor: RequestActor, found: FoundOffer, input: OfferUpdateInput) {
    const loaded = { lastUpdate: input.lastUpdate, userId: actor.userId };
    const updatedAt = await claimLoadedState(tx, offers, found.offer.id, loaded);
    const next = editable(input);
    const after = await updateOffer(tx, found.offer.id, { ...next, updatedAt });
    await audit(tx, actor, found.offer.id, editChanges(found.offer, next));
    return after;
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
        content: rows.map((row) => toOfferListItem(row.offer, row.counterpartName, row.enquiryTitle)),
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
     * Issue 14, point 1: a supplier answers a released enquiry addressed to it (else 404), not closed or
     * archived (409), with no open offer of its company on it (409 naming that one). The enquiry's fields
     * are copied (SPEC §3) and its BOM lines become the offer's articles.
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
        } catch (error) {
          await db.delete(offers).where(eq(offers.id, created.id));
          throw error;
        }
      }
      return reload(actor, created.id);
    },

    /** Saves the supplier's draft (SPEC §4 "saving keeps it unreleased"); a released offer is 409. */
    async update(actor: RequestActor, input: OfferUpdateInput) {
      return db.transaction(async (tx) => {
        const found = await editableOffer(tx, actor, input.offerId);
        await save(tx, actor, found, input);
        return reload(actor, input.offerId, tx);
      });
    },

    /**
     * SPEC §4 release (form submit): saves the values, then needs the SPEC §5 required fields and an offer
     * PDF (422 naming every missing part, nothing saved); released, release date, the customer's lists
     * show this version from now on. The customer's users get a mail (offer-state.service.ts).
     */
    async release(
      actor: RequestActor,
      input: OfferUpdateInput,
      afterRelease: (tx: DbOrTx, row: OfferRow) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const found = await editableOffer(tx, actor, input.offerId);
        const saved = await save(tx, actor, found, input);
        const problems = releaseFieldProblems(saved);
        const files = await findOfferFiles(tx, saved.id);
        const decision = decided(saved, actor, 'release', { files: fileFacts(files) }, problems);
        const after = await updateOffer(tx, saved.id, {
          updatedAt: saved.updatedAt,
          released: true,
          releaseDate: new Date(decision.next.releaseDate as string),
          state: decision.next.state,
        });
        await afterRelease(tx, after);
        return reload(actor, after.id, tx);
      });
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
