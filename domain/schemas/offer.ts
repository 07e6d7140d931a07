import { z } from 'zod';
import {
  CUSTOMER_REJECTION_REASONS,
  DEFAULT_PAGE_SIZE,
  DELIVERY_CONDITIONS,
  FILE_TYPES,
  OFFER_STATES,
  REJECTION_REASONS,
} from '../enums';
import { changeEntry } from './change-entry';
import { booleanQuery, isoDate, loadedLastUpdate, optionalText, searchText, text } from './common';
import { offerArticleTotals, offerTechnicalChange } from './offer-articles';
import { technicalSpecResponse, technicalSpecSchema } from './technical-spec';

/**
 * SPEC §3 Offer, §4 decline, §5 offer rules, §7 offer calls.
 */

export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** German labels of SPEC §3 rejectionReason (decline dialog, offer detail). */
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  PRICE_NOT_AS_EXPECTED: 'Preis entspricht nicht den Erwartungen',
  DELIVERY_TIME_OUTSIDE_EXPECTATIONS: 'Lieferzeit entspricht nicht den Erwartungen',
  OFFER_NOT_IN_LINE_WITH_REQUIREMENTS: 'Angebot entspricht nicht den Anforderungen',
  TECHNICAL_REQUIREMENTS_CHANGED: 'Technische Anforderungen haben sich geändert',
  PROJECT_NOT_REALIZED: 'Projekt wird nicht umgesetzt',
  INDIVIDUAL: 'Anderer Grund',
  OTHER_SUPPLIER_CHOSEN: 'Auftrag anderweitig vergeben',
};

export const REJECTION_REASON_REQUIRED = 'Bitte wählen Sie einen Ablehnungsgrund.';
export const REJECTION_TEXT_REQUIRED = 'Bitte beschreiben Sie den Ablehnungsgrund.';

/**
 * The customer's decline (SPEC §4): a rejection reason is required, its free text when the reason is
 * INDIVIDUAL. A free text sent with another reason is dropped (null), as the technical options drop the free
 * text of a choice that is not INDIVIDUAL.
 */
export const declineOfferBody = z
  .object({
    offerId: z.uuid(),
    rejectionReason: z.enum(CUSTOMER_REJECTION_REASONS, { message: REJECTION_REASON_REQUIRED }),
    rejectionReasonIndividual: optionalText(1000),
  })
  .superRefine((value, ctx) => {
    if (value.rejectionReason === 'INDIVIDUAL' && !value.rejectionReasonIndividual) {
      ctx.addIssue({ code: 'custom', path: ['rejectionReasonIndividual'], message: REJECTION_TEXT_REQUIRED });
    }
  })
  .transform((value) => ({
    ...value,
    rejectionReasonIndividual:
      value.rejectionReason === 'INDIVIDUAL' ? value.rejectionReasonIndividual : null,
  }));
export type DeclineOfferBody = z.input<typeof declineOfferBody>;

/**
 * The offer calls (SPEC §7 Offer). All under /api:
 *
 * - GET  /offer/?id -> offerResponse (404 for whoever may not see it; customers never see drafts)
 * - GET  /offer/filter?paginationSize&page&referenceNumber&states&column&sortDescending&archived
 *        -> offerListResponse (states comma-joined: /offer OPEN,DECLINED; /order ACCEPTED; /job CONFIRMED)
 * - GET  /offer/enquiry?enquiryId -> offerOfEnquiry (the supplier's own offer on it; the customer's count)
 * - POST /offer/ offerCreateBody -> 201 offerResponse; 409 OFFER_EXISTS naming the open one
 * - POST /offer/update offerUpdateBody -> offerResponse (the supplier's unreleased draft only)
 * - POST /offer/release offerUpdateBody -> offerResponse: saves and releases (422 with what is missing)
 * - GET  /offer/statechange?offerId&state&rejectionReason&rejectionReasonIndividual -> offerStateChangeResponse
 * - POST /offer/revise offerIdBody -> 201 offerResponse (the new version)
 * - POST /offer/archive offerIdsBody -> { archived, failed } (suppliers; "Löschen" in the lists)
 * - GET  /offer/revision?offerId -> offerRevisionResponse (every version the actor may see, with the diff)
 * - GET  /offer/compare?enquiryId -> offerComparisonResponse (the customer's own enquiry)
 * - POST /offer/award offerAwardBody -> offerAwardResponse (the customer splits the award by line; 409 once awarded)
 * - GET  /offer/articles?offerId&page&… -> offerArticlesPage;  POST /offer/article/update offerArticleUpdateBody
 * - GET  /offer/articles/summed?offerId -> bomSummedResponse;  GET /offer/article/search -> offerArticleSearchResult
 * - POST /offer/:id/file (multipart file, fileType?) -> 201 offerFile; GET /offer/:id/file/:fileId;
 *   POST /offer/file/delete offerFileRefBody -> 204; GET /offer/:id/enquiry-file/:fileId (the enquiry's files)
 * - GET  /offer/export?offerId&kind&format -> the file; GET /offer/download?offerId -> ZIP of the three BOMs
 */

export const OFFER_NUMBER_REQUIRED = 'Bitte geben Sie eine Angebotsnummer ein.';
export const OFFER_PRICE_MESSAGE =
  'Bitte geben Sie einen Preis ab 0,00 € mit höchstens zwei Nachkommastellen ein.';
export const OFFER_DELIVERY_CONDITION_REQUIRED = 'Bitte wählen Sie eine Lieferbedingung.';
export const OFFER_DELIVERY_DATE_REQUIRED = 'Bitte geben Sie einen Wunschliefertermin ein.';

const price = z
  .number({ message: OFFER_PRICE_MESSAGE })
  .min(0, OFFER_PRICE_MESSAGE)
  .max(1_000_000_000, OFFER_PRICE_MESSAGE)
  .multipleOf(0.01, OFFER_PRICE_MESSAGE);

export const offerIdBody = z.object({ offerId: z.uuid() });
export const offerIdsBody = z.object({ offerIds: z.array(z.uuid()).min(1).max(500) });
export const offerCreateBody = z.object({ enquiryId: z.uuid() });

/**
 * What the supplier edits on its draft (SPEC §2 detail, §5). A draft saves with any of them empty; the
 * release needs offer number, price, delivery condition and desired delivery date (SPEC §5).
 */
export const offerUpdateBody = z.object({
  offerId: z.uuid(),
  lastUpdate: loadedLastUpdate,
  offerNumber: optionalText(100),
  price: price.nullish().default(null),
  deliveryCondition: z.enum(DELIVERY_CONDITIONS).nullish().default(null),
  desiredDeliveryDate: z.iso.date().nullish().default(null),
  /** "gültig bis" (domain/rules/offer-validity.ts); empty: the release sets release day + 30 days. */
  validUntil: z.iso
    .date({ message: 'Bitte geben Sie ein gültiges Datum für „gültig bis“ ein.' })
    .nullish()
    .default(null),
  additionalInfoSupplier: optionalText(5000),
  technicalSpec: technicalSpecSchema,
});
export type OfferUpdateBody = z.input<typeof offerUpdateBody>;

/** SPEC §7 GET /offer/statechange: the target state; a decline carries its reason. */
export const offerStateChangeQuery = z.object({
  offerId: z.uuid(),
  state: z.enum(OFFER_STATES),
  rejectionReason: z.enum(CUSTOMER_REJECTION_REASONS).optional(),
  rejectionReasonIndividual: optionalText(1000),
});
export type OfferStateChangeQuery = z.input<typeof offerStateChangeQuery>;

export const offerFile = z.object({
  id: z.string(),
  filename: z.string(),
  fileType: z.enum(FILE_TYPES),
  size: z.number().int(),
  /** Which side uploaded it (an order counts only from the customer, SPEC §4). */
  uploadedBy: z.enum(['SUPPLIER', 'CUSTOMER']),
  createDate: isoDate,
});
export type OfferFile = z.infer<typeof offerFile>;

export const offerFileRefBody = z.object({ offerId: z.uuid(), fileId: z.uuid() });

/** What the actor may do now (the server's decision, so the buttons never promise what it refuses). */
export const offerAbilities = z.object({
  role: z.enum(['SUPPLIER', 'CUSTOMER']),
  edit: z.boolean(),
  release: z.boolean(),
  accept: z.boolean(),
  decline: z.boolean(),
  confirm: z.boolean(),
  revise: z.boolean(),
  uploadFiles: z.boolean(),
  archive: z.boolean(),
});
export type OfferAbilities = z.infer<typeof offerAbilities>;

export const offerResponse = z.object({
  id: z.string(),
  lineageId: z.string(),
  enquiryId: z.string(),
  enquiryTitle: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  state: z.enum(OFFER_STATES),
  version: z.number().int(),
  released: z.boolean(),
  releaseDate: isoDate.nullable(),
  invalidated: z.boolean(),
  archived: z.boolean(),
  offerNumber: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  price: z.number().nullable(),
  deliveryCondition: z.enum(DELIVERY_CONDITIONS).nullable(),
  desiredDeliveryDate: z.string().nullable(),
  amount: z.number().int(),
  location: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  additionalInfoSupplier: z.string().nullable(),
  rejectionReason: z.enum(REJECTION_REASONS).nullable(),
  rejectionReasonIndividual: z.string().nullable(),
  /** "gültig bis" (a Berlin calendar day); `expired` once it has passed (domain/rules/offer-validity.ts). */
  validUntil: z.string().nullable(),
  expired: z.boolean(),
  technicalSpec: technicalSpecResponse,
  /** The enquiry's values beside the offer's (SPEC §3 "original value from the enquiry"). */
  enquiryOriginal: z.object({
    technicalSpec: technicalSpecResponse,
    price: z.number().nullable(),
    deliveryCondition: z.enum(DELIVERY_CONDITIONS).nullable(),
    desiredDeliveryDate: z.string().nullable(),
  }),
  technicalChanges: z.array(offerTechnicalChange),
  changesDetected: z.boolean(),
  /** SPEC §9 estimate of the offer's articles as a reference (null without articles). */
  estimatedPrice: z.object({ low: z.number(), high: z.number() }).nullable(),
  files: z.array(offerFile),
  enquiryFiles: z.array(
    z.object({ id: z.string(), filename: z.string(), fileType: z.enum(FILE_TYPES), size: z.number().int() }),
  ),
  articleTotals: offerArticleTotals,
  abilities: offerAbilities,
  /** The newest version of this offer the actor may see (itself when current). */
  latestVersionId: z.string(),
  createDate: isoDate,
  lastUpdate: isoDate,
  changeEntries: z.array(changeEntry),
  /** The offer's project folder (the business data button), for the links /business-data/{folderId}. */
  folderId: z.string().nullable(),
});
export type OfferResponse = z.infer<typeof offerResponse>;

export const offerStateChangeResponse = z.object({
  offer: offerResponse,
  /** The list the offer now belongs to (SPEC §4 "goes to"). */
  goTo: z.enum(['/offer', '/order', '/job']),
});
export type OfferStateChangeResponse = z.infer<typeof offerStateChangeResponse>;

export const OFFER_SORT_COLUMNS = ['offerNumber', 'referenceNumber', 'releaseDate', 'createDate'] as const;
export type OfferSortColumn = (typeof OFFER_SORT_COLUMNS)[number];

const statesQuery = text()
  .min(1)
  .transform((value) =>
    value
      .split(',')
      .map((state) => state.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(OFFER_STATES)).min(1).max(OFFER_STATES.length));

export const offerListQuery = z.object({
  referenceNumber: searchText().optional(),
  states: statesQuery.default([...OFFER_STATES]),
  page: z.coerce.number().int().min(0).default(0),
  paginationSize: z.coerce.number().int().min(1).max(500).default(DEFAULT_PAGE_SIZE),
  column: z.enum(OFFER_SORT_COLUMNS).default('createDate'),
  sortDescending: booleanQuery.default(true),
  /** Also show archived (deleted from the list) offers. */
  archived: booleanQuery.default(false),
});
export type OfferListQuery = z.output<typeof offerListQuery>;

export const offerListItem = z.object({
  id: z.string(),
  enquiryId: z.string(),
  enquiryTitle: z.string(),
  offerNumber: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  /** The customer's name for suppliers, the supplier's for customers (SPEC §2). */
  counterpartName: z.string(),
  releaseDate: isoDate.nullable(),
  state: z.enum(OFFER_STATES),
  version: z.number().int(),
  /** Every version of the offer the viewer may open, oldest first (the list's "Versionen"). */
  versions: z.array(z.object({ id: z.string(), version: z.number().int() })).default([]),
  released: z.boolean(),
  archived: z.boolean(),
  price: z.number().nullable(),
  validUntil: z.string().nullable(),
  /** Shown as "abgelaufen" in both sides' lists. */
  expired: z.boolean(),
  createDate: isoDate,
});
export type OfferListItem = z.infer<typeof offerListItem>;

export const offerListResponse = z.object({
  content: z.array(offerListItem),
  totalElements: z.number().int(),
});
export type OfferListResponse = z.infer<typeof offerListResponse>;

export const offerOfEnquiry = z.object({
  /** Suppliers: their open (current) offer on the enquiry, if any. */
  own: z
    .object({ id: z.string(), version: z.number().int(), state: z.enum(OFFER_STATES), released: z.boolean() })
    .nullable(),
  /** Customers: how many released offers there are to compare. */
  releasedOffers: z.number().int(),
});
export type OfferOfEnquiry = z.infer<typeof offerOfEnquiry>;

export const offerVersionChange = z.object({
  kind: z.enum(['offer', 'technical', 'articleAdded', 'articleRemoved', 'articleChanged']),
  field: z.string(),
  articleKey: z.string().optional(),
  label: z.string(),
  beforeText: z.string(),
  afterText: z.string(),
});

export const offerRevisionResponse = z.object({
  versions: z.array(
    z.object({
      id: z.string(),
      version: z.number().int(),
      state: z.enum(OFFER_STATES),
      released: z.boolean(),
      releaseDate: isoDate.nullable(),
      invalidated: z.boolean(),
      createDate: isoDate,
      /** What changed from the version before it (empty for the first). */
      changes: z.array(offerVersionChange),
    }),
  ),
});
export type OfferRevisionResponse = z.infer<typeof offerRevisionResponse>;

export * from './offer-articles';
export * from './offer-compare';
