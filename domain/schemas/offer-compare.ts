import { z } from 'zod';
import { DELIVERY_CONDITIONS, OFFER_STATES } from '../enums';
import { isoDate } from './common';
import { offerTechnicalChange } from './offer-articles';

/**
 * The customer's comparison of the released offers on an enquiry and the award of the enquiry split by line
 * (domain/rules/offer-award.ts); the calls are listed in offer.ts, which re-exports this module.
 */

/** The comparison lists the first lines of a BOM up to this many; an award names at most as many lines. */
export const MAX_COMPARISON_LINES = 5000;
/** The suppliers of one split award (each its own order). */
export const MAX_AWARD_PARTS = 50;

const perOffer = <T extends z.ZodType>(value: T) => z.array(value.nullable());

export const offerComparisonResponse = z.object({
  enquiry: z.object({
    id: z.string(),
    title: z.string(),
    referenceNumber: z.string().nullable(),
    price: z.number().nullable(),
    desiredDeliveryDate: z.string().nullable(),
    deliveryCondition: z.enum(DELIVERY_CONDITIONS).nullable(),
    /** Cabinets ordered: the lines' sums are per cabinet, an offer's price is for all of them. */
    amount: z.number().int(),
    /** Some offer is an order or a job already: nothing more can be accepted. */
    awarded: z.boolean(),
  }),
  offers: z.array(
    z.object({
      id: z.string(),
      supplierName: z.string(),
      offerNumber: z.string().nullable(),
      version: z.number().int(),
      state: z.enum(OFFER_STATES),
      releaseDate: isoDate.nullable(),
      /** The offer's price for all cabinets, work included. */
      price: z.number().nullable(),
      desiredDeliveryDate: z.string().nullable(),
      deliveryCondition: z.enum(DELIVERY_CONDITIONS).nullable(),
      technicalChanges: z.array(offerTechnicalChange),
      lowestPrice: z.boolean(),
      earliestDate: z.boolean(),
      /** The customer may accept it (OPEN, current). */
      acceptable: z.boolean(),
      /** The supplier is revising this version (the next one is not released yet). */
      inRevision: z.boolean(),
      /** Σ quantity × price per piece of its priced lines, one cabinet, without work. */
      materialTotal: z.number(),
      pricedLines: z.number().int(),
      /** The longest lead time of its lines in working days; null: none known. */
      longestDeliveryTime: z.number().int().nullable(),
    }),
  ),
  /**
   * The enquiry's lines with each offer's values, matched by the line of origin. The arrays run in the order of
   * `offers` (index i is offers[i]); the marks name offer indexes.
   */
  lines: z.array(
    z.object({
      key: z.string(),
      rowNumber: z.number().int(),
      orderNumber: z.string().nullable(),
      manufacturerNumber: z.string().nullable(),
      manufacturerName: z.string().nullable(),
      /** The discount group of the article the enquiry's line is matched to. */
      discountGroup: z.string().nullable(),
      bmk: z.string().nullable(),
      quantity: z.number().nullable(),
      /** Price per piece; null: the offer does not price the line. */
      prices: perOffer(z.number()),
      /** Lead time in working days. */
      deliveryTimes: perOffer(z.number().int()),
      /**
       * The article the supplier offers instead of the one asked for ("Hersteller Nummer"): its alternative
       * proposal, else its own replacement of the matched article.
       */
      alternatives: perOffer(z.string()),
      /** The price per piece of the supplier's alternative proposal; it counts for the lowest price. */
      alternativePrices: perOffer(z.number()),
      /** Offers with the lowest price per piece (marked when at least two offers price the line). */
      lowest: z.array(z.number().int()),
      /** Offers with the shortest lead time (likewise). */
      fastest: z.array(z.number().int()),
      /** The offers differ on this line: price, lead time, an alternative, or one of them lacks it. */
      differs: z.boolean(),
    }),
  ),
  /** More lines than the comparison shows (the first MAX_COMPARISON_LINES are listed). */
  linesTruncated: z.boolean(),
});
export type OfferComparisonResponse = z.infer<typeof offerComparisonResponse>;
export type ComparedOffer = OfferComparisonResponse['offers'][number];
export type ComparedLine = OfferComparisonResponse['lines'][number];

export const AWARD_NO_LINES_MESSAGE = 'Bitte wählen Sie mindestens eine Zeile für einen Lieferanten aus.';

/**
 * POST /offer/award: the customer's award of an enquiry split by line. Each part is a chosen offer with the
 * enquiry lines (ids of the comparison's `key`) that go to it; every part becomes an order of its own.
 */
export const offerAwardBody = z.object({
  enquiryId: z.uuid(),
  parts: z
    .array(
      z.object({
        offerId: z.uuid(),
        lineIds: z.array(z.uuid()).min(1, AWARD_NO_LINES_MESSAGE).max(MAX_COMPARISON_LINES),
      }),
    )
    .min(1, AWARD_NO_LINES_MESSAGE)
    .max(MAX_AWARD_PARTS, `Ein Auftrag kann auf höchstens ${MAX_AWARD_PARTS} Lieferanten aufgeteilt werden.`),
});
export type OfferAwardBody = z.input<typeof offerAwardBody>;

export const offerAwardResponse = z.object({
  /** The orders of the split, in the order of their suffixes (-A, -B, …). */
  orders: z.array(
    z.object({
      id: z.string(),
      offerNumber: z.string().nullable(),
      supplierName: z.string(),
      lineCount: z.number().int(),
      /** Σ of its lines for all cabinets, without work. */
      price: z.number().nullable(),
    }),
  ),
  goTo: z.enum(['/order']),
});
export type OfferAwardResponse = z.infer<typeof offerAwardResponse>;
