import { z } from 'zod';
import { BOM_LINE_STATUSES } from '../enums';
import { PRICE_SOURCES } from '../rules/price-proposal';
import { isoDate, loadedLastUpdate } from './common';
import { percent } from './discount-group';

/**
 * The supplier's pricing desk: its pricing settings (profile, admins only), the bulk actions on an offer's
 * articles and the offer's calculation (material, markup, work, proposed price). All of it is the supplier's
 * own: customers never receive purchase prices or price sources.
 */

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
export const MARKUP_MESSAGE = 'Bitte geben Sie einen Aufschlag zwischen 0 und 1.000 % ein.';

/** A markup in percent: 0–1,000 with at most two decimals. */
export const markupPercent = z
  .number({ message: MARKUP_MESSAGE })
  .min(0, MARKUP_MESSAGE)
  .max(1000, MARKUP_MESSAGE)
  .refine(twoDecimals, 'Höchstens zwei Nachkommastellen.');

/** GET /api/pricing/settings: the settings and the choices of the page. */
export const pricingSettingsResponse = z.object({
  wholesalerId: z.string().nullable(),
  markupPercent: z.number(),
  /** The supplier's own discounts, replacing the group's percent. */
  discounts: z.array(z.object({ discountGroupId: z.string(), percent: z.number() })),
  wholesalers: z.array(z.object({ id: z.string(), displayName: z.string() })),
  discountGroups: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      manufacturerName: z.string(),
      /** The group's own percent (master data). */
      percent: z.number(),
    }),
  ),
  /** Null until the settings are first saved. */
  lastUpdate: isoDate.nullable(),
});
export type PricingSettingsResponse = z.infer<typeof pricingSettingsResponse>;

export const MAX_OWN_DISCOUNTS = 5000;

/** PUT /api/pricing/settings. `lastUpdate` is the state the page loaded (null: never saved before). */
export const pricingSettingsBody = z
  .object({
    wholesalerId: z.uuid({ message: 'Bitte wählen Sie einen Großhändler.' }).nullable(),
    markupPercent,
    discounts: z
      .array(
        z.object({ discountGroupId: z.uuid({ message: 'Bitte wählen Sie eine Rabattgruppe.' }), percent }),
      )
      .max(MAX_OWN_DISCOUNTS, `Höchstens ${MAX_OWN_DISCOUNTS} Rabattgruppen.`),
    lastUpdate: loadedLastUpdate.nullable(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.discounts.forEach((discount, index) => {
      if (seen.has(discount.discountGroupId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['discounts', index, 'discountGroupId'],
          message: 'Diese Rabattgruppe ist bereits eingetragen.',
        });
      }
      seen.add(discount.discountGroupId);
    });
  });
export type PricingSettingsBody = z.input<typeof pricingSettingsBody>;

/** Where an offer line's price came from, for its supplier only ("Großhändler Sonepar", "manuell"). */
export const offerPriceSource = z.object({
  kind: z.enum(PRICE_SOURCES),
  /** The wholesaler's or discount group's name at the time of pricing. */
  name: z.string().nullable(),
  /** The supplier's price per piece before its markup. */
  basePricePerPiece: z.number().nullable(),
});
export type OfferPriceSource = z.infer<typeof offerPriceSource>;

/**
 * Which lines a bulk action changes: all, or those of a manufacturer, a discount group (of the matched
 * article) or a status. Several criteria narrow together.
 */
export const offerLineSelection = z.object({
  manufacturerId: z.uuid().nullish(),
  discountGroupId: z.uuid().nullish(),
  status: z.enum(BOM_LINE_STATUSES).nullish(),
});
export type OfferLineSelection = z.infer<typeof offerLineSelection>;

const bulkBase = z.object({ offerId: z.uuid(), selection: offerLineSelection.default({}) });
export const offerMarkupBody = bulkBase.extend({ markupPercent });
export const offerBulkBody = bulkBase;
export type OfferMarkupBody = z.input<typeof offerMarkupBody>;
export type OfferBulkBody = z.input<typeof offerBulkBody>;

export const offerBulkResponse = z.object({ changedLines: z.number().int() });
export type OfferBulkResponse = z.infer<typeof offerBulkResponse>;

/**
 * GET /api/offer/pricing: the supplier's calculation of an offer, per cabinet: the purchase value of the
 * material, the markup on it, the work (SPEC §9 work estimate), and the proposed offer price
 * (material + markup + work, times the enquiry's amount). Also the choices of the bulk actions.
 */
export const offerPricingResponse = z.object({
  purchaseTotal: z.number(),
  markupTotal: z.number(),
  materialTotal: z.number(),
  workCost: z.number(),
  amount: z.number().int(),
  proposedPrice: z.number(),
  defaultMarkupPercent: z.number(),
  manufacturers: z.array(z.object({ id: z.string(), name: z.string() })),
  discountGroups: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type OfferPricingResponse = z.infer<typeof offerPricingResponse>;
