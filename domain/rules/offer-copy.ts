import type { DeliveryCondition, FileType } from '../enums';
import type { BomFieldMappingEntry, BomLine } from '../schemas/bom';
import type { RejectionReason } from '../schemas/offer';
import type { TechnicalSpec } from '../schemas/technical-spec';

/**
 * SPEC §3 copy rule: "A new offer copies the enquiry's fields except id, customerId, title,
 * released, closed, archived." The server maps its enquiry row onto `EnquiryForOffer`, calls
 * `offerFromEnquiry` and stores the result with the supplier's ids and new ids for the offer and its articles.
 *
 * Readings of the SPEC taken here:
 * - Fields are copied one by one from a declared input, never by spreading the row, so nothing the copy
 *   rule does not name (history, dates of the enquiry, its recipients) reaches the offer by accident.
 * - releaseDate goes with released: the offer's release date is its own release (null until then); the
 *   same for invalidated. The enquiry's history and create/update dates are the enquiry's own, not fields.
 * - price is copied as the offer's starting price (the customer's target price); the supplier overwrites
 *   it before release (SPEC §5 requires a price). additionalInfo stays the customer's text; the supplier's
 *   own text is additionalInfoSupplier, which starts empty.
 * - The enquiry's files are copied as references (the server decides how the stored files are shared).
 * - BOM lines become the offer's articles with every value and the match as they are; `edited` starts
 *   false (the supplier's edits are flagged from here on) and `originLineId` keeps the enquiry line's id
 *   (the stable key of the version comparison). The line's `price` is the SPEC §9 estimate of the line and
 *   stays as it is; the supplier's price per piece starts empty.
 */

/** What the copy reads of an enquiry. */
export interface EnquiryForOffer {
  id: string;
  customerId: string;
  customerName: string;
  title: string;
  referenceNumber: string | null;
  deliveryCondition: DeliveryCondition | null;
  desiredDeliveryDate: string | null;
  amount: number;
  price: number | null;
  location: string | null;
  additionalInfo: string | null;
  technicalSpec: TechnicalSpec;
  files: readonly OfferFileItem[];
  released: boolean;
  releaseDate: string | null;
  closed: boolean;
  archived: boolean;
  /** The mapped BOM of the enquiry; null when none. */
  bom: OfferBomInfo | null;
  bomLines: readonly BomLine[];
  /** SPEC §3 estimated price per BOM (SPEC §9 estimate); null when none. */
  estimatedPrice: { low: number; high: number } | null;
}

export interface OfferFileItem {
  id: string;
  filename: string;
  fileType: FileType;
}

export interface OfferBomInfo {
  bomFileName: string;
  headerRowIndex: number;
  headers: readonly string[];
  fieldMapping: readonly BomFieldMappingEntry[] | null;
  suppliedPartString: string | null;
}

/** An article line of an offer: a BOM line without its own id (the server gives a new one). */
export interface OfferArticle extends Omit<BomLine, 'id'> {
  /** The enquiry's BOM line this article came from; null for an article the supplier added. */
  originLineId: string | null;
  /** The supplier's price per piece in euros; null until priced. */
  pricePerPiece: number | null;
}

/** The initial values of a new offer. */
export interface OfferDraft {
  enquiryId: string;
  customerName: string;
  referenceNumber: string | null;
  deliveryCondition: DeliveryCondition | null;
  desiredDeliveryDate: string | null;
  amount: number;
  price: number | null;
  location: string | null;
  additionalInfo: string | null;
  technicalSpec: TechnicalSpec;
  files: OfferFileItem[];
  bom: OfferBomInfo | null;
  estimatedPrice: { low: number; high: number } | null;
  articles: OfferArticle[];
  // The offer's own fields (SPEC §4: created as OPEN, version 1, not released).
  state: 'OPEN';
  version: 1;
  released: false;
  releaseDate: null;
  invalidated: false;
  archived: false;
  offerNumber: null;
  additionalInfoSupplier: null;
  rejectionReason: RejectionReason | null;
  rejectionReasonIndividual: string | null;
}

/** The enquiry fields SPEC §3 names as not copied (the rest of `EnquiryForOffer` is). */
export const ENQUIRY_FIELDS_NOT_COPIED = [
  'id',
  'customerId',
  'title',
  'released',
  'closed',
  'archived',
] as const;

/** A BOM line as an offer article: every value and the match kept, not yet edited, not yet priced. */
export function offerArticleFromBomLine(line: BomLine): OfferArticle {
  const { id, ...values } = line;
  return {
    ...values,
    candidateIds: [...line.candidateIds],
    matchedArticle: line.matchedArticle ? { ...line.matchedArticle } : null,
    raw: { ...line.raw },
    edited: false,
    originLineId: id,
    pricePerPiece: null,
  };
}

/** SPEC §3/§4: the initial values of a new offer on `enquiry`. The enquiry is not changed. */
export function offerFromEnquiry(enquiry: EnquiryForOffer): OfferDraft {
  return {
    enquiryId: enquiry.id,
    customerName: enquiry.customerName,
    referenceNumber: enquiry.referenceNumber,
    deliveryCondition: enquiry.deliveryCondition,
    desiredDeliveryDate: enquiry.desiredDeliveryDate,
    amount: enquiry.amount,
    price: enquiry.price,
    location: enquiry.location,
    additionalInfo: enquiry.additionalInfo,
    technicalSpec: { ...enquiry.technicalSpec },
    files: enquiry.files.map((file) => ({ ...file })),
    bom: enquiry.bom
      ? {
          ...enquiry.bom,
          headers: [...enquiry.bom.headers],
          fieldMapping: enquiry.bom.fieldMapping
            ? enquiry.bom.fieldMapping.map((entry) => ({ ...entry }))
            : null,
        }
      : null,
    estimatedPrice: enquiry.estimatedPrice ? { ...enquiry.estimatedPrice } : null,
    articles: enquiry.bomLines.map(offerArticleFromBomLine),
    state: 'OPEN',
    version: 1,
    released: false,
    releaseDate: null,
    invalidated: false,
    archived: false,
    offerNumber: null,
    additionalInfoSupplier: null,
    rejectionReason: null,
    rejectionReasonIndividual: null,
  };
}
