import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, DELIVERY_CONDITIONS, FILE_TYPES } from '../enums';
import { changeEntry } from './change-entry';
import { booleanQuery, isoDate, loadedLastUpdate, nameText, optionalText, searchText } from './common';
import { technicalSpecResponse, technicalSpecSchema } from './technical-spec';

/**
 * SPEC §3 Enquiry, §5 enquiry rules, §7 enquiry calls. The API (all under /api):
 *
 * - GET  /enquiry/filter?paginationSize&page&title&column&sortDescending&archived -> enquiryListResponse
 * - GET  /enquiry/:id -> enquiryResponse (404 for whoever may not see it, also for a malformed id)
 * - POST /enquiry/ enquiryBody -> 201 enquiryResponse (a draft of the actor's company)
 * - POST /enquiry/update enquiryUpdateBody -> enquiryResponse (drafts only; a released enquiry is 409)
 * - POST /enquiry/release enquiryReleaseBody -> enquiryResponse, or 422 with the warnings
 *        ("Schaltplan fehlt", "Stückliste fehlt", missing required fields) and nothing changed
 * - POST /enquiry/archive enquiryIdsBody -> { archived: id[], failed: id[] }
 * - POST /enquiry/close enquiryIdBody -> enquiryResponse;  GET /enquiry/reopen?enquiryId -> enquiryResponse
 * - POST /enquiry/copy?id -> 201 enquiryResponse (a new draft "Kopie von …" with copies of the files)
 * - GET  /enquiry/suppliers -> supplierChoice[] (active supplier companies a customer may address)
 * - POST /enquiry/:id/file (multipart: file, fileType?) -> 201 enquiryFile
 * - POST /enquiry/file/type enquiryFileTypeBody -> enquiryFile (drafts only)
 * - GET  /enquiry/:id/file/:fileId -> the file (attachment, original name)
 * - POST /enquiry/file/delete enquiryFileRefBody -> 204 (drafts only)
 * - POST /file/all/enquiry enquiryZipBody { enquiryId } -> one ZIP of all files, streamed (SPEC §7 also
 *        names `filesToAppend`: storage paths chosen by the client. Not taken: the ZIP already holds every
 *        file of the enquiry, and a path from the client could name any stored file of another tenant.)
 */

/** An enquiry's free texts and numbers as the form edits them. A draft saves with only a title. */
export const enquiryBody = z.object({
  title: nameText().trim().min(1, 'Titel ist ein Pflichtfeld.').max(200, 'Höchstens 200 Zeichen.'),
  referenceNumber: optionalText(100),
  deliveryCondition: z.enum(DELIVERY_CONDITIONS).nullish().default(null),
  /** A calendar day (YYYY-MM-DD); must lie in the future when set (checked on save and on release). */
  desiredDeliveryDate: z.iso.date().nullish().default(null),
  amount: z
    .number({ message: 'Bitte geben Sie eine ganze Zahl ab 1 ein.' })
    .int('Bitte geben Sie eine ganze Zahl ab 1 ein.')
    .min(1, 'Bitte geben Sie eine ganze Zahl ab 1 ein.')
    .max(1_000_000, 'Höchstens 1.000.000 Stück.')
    .default(1),
  /** The customer's target price in euros (optional). */
  price: z
    .number()
    .min(0, 'Der Zielpreis darf nicht negativ sein.')
    .max(1_000_000_000)
    .multipleOf(0.01, 'Höchstens zwei Nachkommastellen.')
    .nullish()
    .default(null),
  location: optionalText(200),
  additionalInfo: optionalText(5000),
  technicalSpec: technicalSpecSchema.default(() => technicalSpecSchema.parse({})),
});
export type EnquiryBody = z.infer<typeof enquiryBody>;

export const enquiryUpdateBody = enquiryBody.extend({ id: z.uuid(), lastUpdate: loadedLastUpdate });

export const enquiryIdBody = z.object({ enquiryId: z.uuid() });
export const enquiryIdsBody = z.object({ enquiryIds: z.array(z.uuid()).min(1).max(500) });

/**
 * Beyond the SPEC (SPEC §4 release): to whom a released enquiry goes: every active supplier (default) or the
 * chosen supplier companies.
 */
export const enquiryRecipients = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('ALL') }),
  z.object({
    mode: z.literal('CHOSEN'),
    supplierIds: z.array(z.uuid()).min(1, 'Bitte wählen Sie mindestens einen Lieferanten.').max(500),
  }),
]);
export type EnquiryRecipients = z.infer<typeof enquiryRecipients>;

export const enquiryReleaseBody = z.object({
  enquiryId: z.uuid(),
  recipients: enquiryRecipients.default({ mode: 'ALL' }),
});

export const enquiryFile = z.object({
  id: z.string(),
  filename: z.string(),
  fileType: z.enum(FILE_TYPES),
  size: z.number().int(),
  createDate: isoDate,
});
export type EnquiryFile = z.infer<typeof enquiryFile>;

export const enquiryFileTypeBody = z.object({
  enquiryId: z.uuid(),
  fileId: z.uuid(),
  fileType: z.enum(FILE_TYPES),
});
export const enquiryFileRefBody = z.object({ enquiryId: z.uuid(), fileId: z.uuid() });

export const enquiryZipBody = z.object({ enquiryId: z.uuid() });

export const enquiryResponse = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  title: z.string(),
  referenceNumber: z.string().nullable(),
  deliveryCondition: z.enum(DELIVERY_CONDITIONS).nullable(),
  desiredDeliveryDate: z.string().nullable(),
  amount: z.number().int(),
  price: z.number().nullable(),
  location: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  technicalSpec: technicalSpecResponse,
  files: z.array(enquiryFile),
  released: z.boolean(),
  releaseDate: isoDate.nullable(),
  closed: z.boolean(),
  archived: z.boolean(),
  /** Only for the customer's own users; null for suppliers (they never learn who else was asked). */
  recipients: z
    .object({
      mode: z.enum(['ALL', 'CHOSEN']),
      suppliers: z.array(z.object({ id: z.string(), name: z.string() })),
    })
    .nullable(),
  createDate: isoDate,
  lastUpdate: isoDate,
  changeEntries: z.array(changeEntry),
});
export type EnquiryResponse = z.infer<typeof enquiryResponse>;

export const ENQUIRY_SORT_COLUMNS = ['title', 'releaseDate', 'createDate'] as const;

export const enquiryListQuery = z.object({
  title: searchText().optional(),
  page: z.coerce.number().int().min(0).default(0),
  paginationSize: z.coerce.number().int().min(1).max(500).default(DEFAULT_PAGE_SIZE),
  column: z.enum(ENQUIRY_SORT_COLUMNS).default('createDate'),
  sortDescending: booleanQuery.default(true),
  /** The list's switch: also show archived enquiries (customers only). */
  archived: booleanQuery.default(false),
});
export type EnquiryListQuery = z.infer<typeof enquiryListQuery>;

export const enquiryListItem = z.object({
  id: z.string(),
  title: z.string(),
  referenceNumber: z.string().nullable(),
  customerName: z.string(),
  released: z.boolean(),
  releaseDate: isoDate.nullable(),
  closed: z.boolean(),
  archived: z.boolean(),
  createDate: isoDate,
});
export type EnquiryListItem = z.infer<typeof enquiryListItem>;

export const enquiryListResponse = z.object({
  content: z.array(enquiryListItem),
  totalElements: z.number().int(),
});

export const supplierChoice = z.object({ id: z.string(), name: z.string() });
