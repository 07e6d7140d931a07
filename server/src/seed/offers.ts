import { cleanTechnicalSpec } from '@portal/domain/rules/technical-spec';
import { technicalSpecSchema } from '@portal/domain/schemas/technical-spec';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { readMeta } from '../db/app-meta';
import type { Db } from '../db/client';
import {
  appMeta,
  bomLines,
  businessFolders,
  enquiries,
  enquiryFiles,
  offerFiles,
  offers,
  users,
} from '../db/schema';
import type { FileStorage } from '../files/storage';
import { findBom } from '../modules/enquiry';
import { copyLinesToOffer, makeCustomerCurrent, offerFileKey } from '../modules/offer';
import { daysFromNow, ENQUIRY, SECOND_SUPPLIER } from './enquiries';
import {
  CONFIRMED_PROJECT,
  DEMO_OFFER_FILES,
  enquiryFileRow,
  ensureDemoOfferFiles,
  demoOfferId as id,
  OFFER,
  OFFER_ENQUIRY,
} from './offer-files';

/**
 * The demo supplier (Schaltschrankbau Beispiel) has offers in every state, each on an
 * enquiry of the demo customer of its own (one current offer per supplier and enquiry, offers_one_open_idx):
 * on "Pumpenstation PS-12" version 1 declined and version 2 released, with the BOM's lines priced; a draft,
 * a declined offer, an accepted order and a confirmed job on four further released enquiries. The second
 * demo supplier competes on PS-12 with other prices and dates, so the customer's comparison shows two.
 * Once per database (own marker); ids are fixed, so missing file contents are written again at each start.
 */
export { OFFER, OFFER_ENQUIRY };

export const DEMO_OFFER_MARKER = 'demo_offers_seeded';

const isoDay = (days: number) => daysFromNow(days).toISOString().slice(0, 10);

async function demoCompanies(db: Db) {
  const found = await db
    .select({ email: users.email, userId: users.id, companyId: users.companyId })
    .from(users)
    .where(inArray(users.email, ['kunde@demo.local', 'lieferant@demo.local', SECOND_SUPPLIER.email]));
  const by = (email: string) => found.find((row) => row.email === email);
  return {
    customer: by('kunde@demo.local'),
    supplier: by('lieferant@demo.local'),
    second: by(SECOND_SUPPLIER.email),
  };
}

const spec = (values: object) => cleanTechnicalSpec(technicalSpecSchema.parse(values));

/** Seeds the demo offers once, copies their articles and writes missing file contents. */
export async function ensureDemoOffers(db: Db, files: FileStorage): Promise<void> {
  if ((await readMeta(db, DEMO_OFFER_MARKER)) === null) await seedDemoOffers(db);
  await ensureDemoOfferArticles(db);
  await ensureDemoOfferFiles(db, files);
}

async function seedDemoOffers(db: Db): Promise<void> {
  const { customer, supplier, second } = await demoCompanies(db);
  const [ps12] = await db.select().from(enquiries).where(eq(enquiries.id, ENQUIRY.toAll));
  await db.transaction(async (tx) => {
    await tx.insert(appMeta).values({ key: DEMO_OFFER_MARKER, value: new Date().toISOString() });
    // A database whose users already answered PS-12 keeps its offers (one open offer per supplier).
    const answered = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(eq(offers.enquiryId, ENQUIRY.toAll));
    if (!customer || !supplier || !second || !ps12 || answered.length > 0) return;
    const common = {
      customerId: customer.companyId,
      createdBy: customer.userId,
      deliveryCondition: 'EXW' as const,
      location: 'Göppingen, Werk 2',
      amount: 1,
      released: true,
      technicalSpec: spec({ regulation: 'IEC', packaging: 'ONE_WAY_PALLET' }),
    };
    const enquiry = (
      n: keyof typeof OFFER_ENQUIRY,
      title: string,
      ref: string,
      released: number,
      due: number,
    ) => ({
      ...common,
      id: OFFER_ENQUIRY[n],
      title,
      referenceNumber: ref,
      desiredDeliveryDate: isoDay(due),
      releaseDate: daysFromNow(-released),
      closed: n === 'accepted' || n === 'confirmed',
      createdAt: daysFromNow(-released - 3),
      updatedAt: daysFromNow(-released),
    });
    const rows = [
      enquiry('draft', 'Klemmenkasten Außenbeleuchtung', 'MM-2026-025', 2, 70),
      enquiry('declined', 'Bedienpult Presse 5', 'MM-2026-021', 12, 50),
      enquiry('accepted', 'Steuerschrank Verpackungsmaschine VM-4', 'MM-2026-007', 20, 40),
      enquiry('confirmed', CONFIRMED_PROJECT.title, CONFIRMED_PROJECT.referenceNumber, 35, 25),
    ];
    await tx.insert(enquiries).values(rows);
    await tx
      .insert(enquiryFiles)
      .values(
        rows
          .flatMap((row, index) => [
            enquiryFileRow(
              row.id,
              id(21 + 2 * index),
              `Schaltplan ${row.referenceNumber}.pdf`,
              'CIRCUIT_DIAGRAM',
            ),
            enquiryFileRow(
              row.id,
              id(22 + 2 * index),
              `Stückliste ${row.referenceNumber}.csv`,
              'BILL_OF_MATERIAL',
            ),
          ])
          .map((file) => ({ ...file, createdBy: customer.userId })),
      );
    const offerOf = (enquiryRow: { id: string; referenceNumber: string; technicalSpec: object }) => ({
      lineageId: '',
      enquiryId: enquiryRow.id,
      supplierId: supplier.companyId,
      customerId: customer.companyId,
      referenceNumber: enquiryRow.referenceNumber,
      deliveryCondition: 'EXW' as const,
      amount: 1,
      location: 'Göppingen, Werk 2',
      technicalSpec: spec(enquiryRow.technicalSpec),
      createdBy: supplier.userId,
    });
    const released = (days: number) => ({ released: true, releaseDate: daysFromNow(-days) });
    const [draftE, declinedE, acceptedE, confirmedE] = rows;
    const ps12Base = { ...offerOf({ ...ps12, referenceNumber: ps12.referenceNumber ?? '' }), amount: 2 };
    const values = [
      {
        ...ps12Base,
        id: OFFER.revisedV1,
        lineageId: OFFER.revisedV1,
        offerNumber: 'AN-2026-0412',
        price: 21400,
        desiredDeliveryDate: isoDay(45),
        state: 'DECLINED' as const,
        ...released(5),
        invalidated: true,
        rejectionReason: 'PRICE_NOT_AS_EXPECTED' as const,
        createdAt: daysFromNow(-6),
      },
      {
        ...ps12Base,
        id: OFFER.revisedV2,
        lineageId: OFFER.revisedV1,
        version: 2,
        offerNumber: 'AN-2026-0412-2',
        price: 19850,
        desiredDeliveryDate: isoDay(40),
        additionalInfoSupplier: 'Version 2: Preis nach Rücksprache angepasst, Liefertermin fünf Tage früher.',
        ...released(1),
        createdAt: daysFromNow(-2),
      },
      {
        ...ps12Base,
        id: OFFER.competing,
        lineageId: OFFER.competing,
        supplierId: second.companyId,
        createdBy: second.userId,
        offerNumber: 'EN-26-1187',
        price: 18900,
        deliveryCondition: 'DAP' as const,
        desiredDeliveryDate: isoDay(52),
        technicalSpec: spec({ ...ps12Base.technicalSpec, packaging: 'ONE_WAY_PALLET' }),
        ...released(2),
        createdAt: daysFromNow(-4),
      },
      {
        ...offerOf(draftE!),
        id: OFFER.draft,
        lineageId: OFFER.draft,
        offerNumber: 'AN-2026-0431',
        desiredDeliveryDate: draftE!.desiredDeliveryDate,
        createdAt: daysFromNow(-1),
      },
      {
        ...offerOf(declinedE!),
        id: OFFER.declined,
        lineageId: OFFER.declined,
        offerNumber: 'AN-2026-0398',
        price: 7240,
        desiredDeliveryDate: isoDay(65),
        state: 'DECLINED' as const,
        ...released(9),
        rejectionReason: 'INDIVIDUAL' as const,
        rejectionReasonIndividual: 'Der Liefertermin liegt nach der geplanten Inbetriebnahme der Presse.',
        createdAt: daysFromNow(-10),
      },
      {
        ...offerOf(acceptedE!),
        id: OFFER.accepted,
        lineageId: OFFER.accepted,
        offerNumber: 'AN-2026-0371',
        price: 32600,
        desiredDeliveryDate: isoDay(40),
        state: 'ACCEPTED' as const,
        ...released(15),
        createdAt: daysFromNow(-17),
      },
      {
        ...offerOf(confirmedE!),
        id: OFFER.confirmed,
        lineageId: OFFER.confirmed,
        offerNumber: 'AN-2025-0933',
        price: 12980,
        desiredDeliveryDate: isoDay(25),
        state: 'CONFIRMED' as const,
        ...released(30),
        createdAt: daysFromNow(-32),
      },
    ];
    await tx.insert(offers).values(values);
    const lineages = [...new Set(values.map((row) => row.lineageId))];
    await tx
      .insert(businessFolders)
      .values(lineages.map((lineageId) => ({ lineageId })))
      .onConflictDoNothing();
    for (const row of values.filter(({ id }) => id !== OFFER.revisedV1 && id !== OFFER.draft)) {
      await makeCustomerCurrent(tx, row.lineageId, row.id);
    }
    await tx.insert(offerFiles).values(
      DEMO_OFFER_FILES.map((file) => {
        const owner = values.find((row) => row.id === file.offerId)!;
        return {
          id: file.id,
          offerId: file.offerId,
          storageKey: offerFileKey(file.offerId, file.id),
          filename: file.filename,
          fileType: file.fileType,
          size: 0,
          uploadedByCompanyId: file.byCustomer ? customer.companyId : owner.supplierId,
          createdBy: file.byCustomer ? customer.userId : owner.createdBy,
        };
      }),
    );
  });
}

/** Prices per piece (EUR) by line, in file order; null leaves a line unpriced. */
const PRICES: Record<string, (number | null)[]> = {
  [OFFER.revisedV1]: [1180, 96.5, 61.2, 1.35, 412, null, null, null],
  [OFFER.revisedV2]: [1090, 92, 58.4, 1.35, 398, 1.1, null, null],
  [OFFER.competing]: [1125, 88.9, 63, 1.2, 405, 1.05, 4.8, 18.5],
};

/** PS-12's mapped BOM lines as the articles of its offers (version 2 from version 1, as a revision). */
async function ensureDemoOfferArticles(db: Db): Promise<void> {
  const bom = await findBom(db, ENQUIRY.toAll);
  if (!bom?.mapping) return;
  for (const offerId of [OFFER.revisedV1, OFFER.revisedV2, OFFER.competing]) {
    const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
    if (offer?.linesGeneration !== 0) continue;
    if (offerId === OFFER.revisedV2) await copyLinesToOffer(db, { offerId: OFFER.revisedV1 }, offerId, true);
    else await copyLinesToOffer(db, { enquiryBomId: bom.id }, offerId, false);
    const [current] = await db.select().from(offers).where(eq(offers.id, offerId));
    const lines = await db
      .select({ id: bomLines.id })
      .from(bomLines)
      .where(and(eq(bomLines.offerId, offerId), eq(bomLines.generation, current!.linesGeneration)))
      .orderBy(asc(bomLines.rowNumber), asc(bomLines.id));
    const prices = PRICES[offerId]!;
    for (const [index, line] of lines.entries()) {
      const price = prices[index] ?? null;
      if (price === null) continue;
      await db.update(bomLines).set({ pricePerPiece: price, edited: true }).where(eq(bomLines.id, line.id));
    }
  }
}
