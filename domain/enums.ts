/**
 * The enumerations of SPEC §3: one source for server (Drizzle pgEnum), web (select options) and zod schemas.
 * Each is a readonly tuple so that `z.enum(X)` and `pgEnum('x', X)` accept it directly.
 */

export const COMPANY_TYPES = ['ADMIN', 'CUSTOMER', 'SUPPLIER', 'EXTERNAL'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const OFFER_STATES = ['OPEN', 'DECLINED', 'ACCEPTED', 'CONFIRMED'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** SPEC §3 deliveryCondition (one reading says EXP: the Incoterm is EXW, ex works). */
export const DELIVERY_CONDITIONS = ['EXW', 'DAP'] as const;
export type DeliveryCondition = (typeof DELIVERY_CONDITIONS)[number];

export const REGULATIONS = ['IEC', 'UL', 'ATEX', 'INDIVIDUAL'] as const;
export const MARKING_STRUCTURES = [
  'CLAMPING_POINT',
  'CLAMPING_POINT_BMK',
  'SINGLE_WIRE_NUMBERING',
  'INDIVIDUAL',
] as const;
export const INDIVIDUAL_WIRE_IDENTIFICATIONS = [
  'NONE',
  'CONNECTION_POINT',
  'CONNECTION_POINT_BMK',
  'SINGLE_WIRE_NUMBERING',
  'INDIVIDUAL',
] as const;
export const PACKAGINGS = [
  'NONE',
  'WOODEN_BOX',
  'WOODEN_BOX_SEA_FOIL',
  'EURO_BOX',
  'WOODEN_BOX_NATIONAL',
  'ONE_WAY_PALLET',
  'LOADING_BLOCKS',
  'INDIVIDUAL',
] as const;
export const PACKAGING_WRAPS = ['STRETCH_FOIL', 'INDIVIDUAL'] as const;
export const REJECTION_REASONS = [
  'PRICE_NOT_AS_EXPECTED',
  'DELIVERY_TIME_OUTSIDE_EXPECTATIONS',
  'OFFER_NOT_IN_LINE_WITH_REQUIREMENTS',
  'TECHNICAL_REQUIREMENTS_CHANGED',
  'PROJECT_NOT_REALIZED',
  'INDIVIDUAL',
  'OTHER_SUPPLIER_CHOSEN',
] as const;
/**
 * The reasons a customer chooses when declining (SPEC §4); OTHER_SUPPLIER_CHOSEN is set by the portal
 * itself when the enquiry is awarded to another supplier (domain/rules/offer-award.ts).
 */
export const CUSTOMER_REJECTION_REASONS = REJECTION_REASONS.filter(
  (reason): reason is Exclude<(typeof REJECTION_REASONS)[number], 'OTHER_SUPPLIER_CHOSEN'> =>
    reason !== 'OTHER_SUPPLIER_CHOSEN',
);
export const SCREW_CONNECTIONS = [
  'STAINLESS_STEEL',
  'PLASTIC',
  'BRASS',
  'ENTRY_PLATES',
  'INDIVIDUAL',
] as const;
export const SCREW_CONNECTION_MANUFACTURERS = [
  'STANDARD',
  'EMV',
  'ICOTEK',
  'MURR_ELEKTRONIK',
  'INDIVIDUAL',
] as const;
export const TERMINAL_MANUFACTURERS = [
  'NONE',
  'WEIDMUELLER',
  'WAGO',
  'PHOENIX',
  'SEE_BILL_OF_MATERIALS',
  'INDIVIDUAL',
] as const;
export const DEVICE_IDENTIFICATIONS = ['SINGLE', 'DOUBLE', 'TRIPLE'] as const;
export const CABLE_DUCT_ATTACHMENTS = ['RIVET', 'SCREW', 'INDIVIDUAL'] as const;
export const CABLE_DUCT_MANUFACTURERS = ['NONE', 'HAGER', 'LICATEC', 'UNEX', 'INDIVIDUAL'] as const;
export const CABINET_LABEL_LANGUAGE_MODES = ['MONOLINGUAL', 'BILINGUAL'] as const;
export const LANGUAGES = [
  'SYMBOLS',
  'GERMAN',
  'ENGLISH',
  'SPANISH',
  'PORTUGUESE',
  'FRENCH',
  'POLISH',
  'INDIVIDUAL',
] as const;
export const LABELING_MATERIALS = ['IMPRINT', 'SLEEVE', 'INDIVIDUAL'] as const;
export const COMPONENT_LABELS = ['YELLOW_TAPE', 'PLASTIC', 'INDIVIDUAL'] as const;
export const MOUNTING_PLATE_LABELS = ['YELLOW_TAPE', 'PLASTIC', 'PLASTIC_RAIL', 'INDIVIDUAL'] as const;
export const SYSTEM_LOCATIONS = ['EX_ZONE'] as const;

export const FILE_TYPES = [
  'LEGAL_DOCUMENT',
  'POWER_FLOW_DIAGRAM',
  'UNKNOWN',
  'BILL_OF_MATERIAL',
  'CIRCUIT_DIAGRAM',
  'LABELLING',
  'CONNECTION_LIST',
  'OFFER',
  'NC_DATA',
  'ORDER',
  'ORDER_CONFIRMATION',
  'PERFOREX',
] as const;
export type FileType = (typeof FILE_TYPES)[number];

/**
 * SPEC §3 BOM line matching info: each line ends in exactly one of these. SUPPLIED lines are the
 * customer's own parts (kept, marked, not priced); the four in the middle are the line's bomError.
 */
export const BOM_LINE_STATUSES = [
  'MATCHED',
  'NOT_FOUND',
  'DUPLICATE',
  'WRONG_UNIT',
  'MISSING_VALUES',
  'SUPPLIED',
] as const;
export type BomLineStatus = (typeof BOM_LINE_STATUSES)[number];

/**
 * SPEC §3 BOM line matching info: how a line found its article. EXACT: the number as written (also the ERP
 * number); NORMALISED: the number spelt differently (case, spaces, '-', '.', '/', '_'); NUMBER_ONLY: the
 * number of another manufacturer's article (the line's manufacturer has none with it); ALTERNATIVE: a
 * remembered alternative number; MANUAL: assigned by hand.
 */
export const BOM_MATCH_KINDS = ['EXACT', 'NORMALISED', 'NUMBER_ONLY', 'ALTERNATIVE', 'MANUAL'] as const;
export type BomMatchKind = (typeof BOM_MATCH_KINDS)[number];

export const LENGTH_UNITS = ['MM', 'CM', 'DM', 'M'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];
export const WEIGHT_UNITS = ['MG', 'G', 'KG'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export const ARTICLE_IMPORT_SOURCES = ['MYSQL', 'MANUAL', 'CSV'] as const;
export type ArticleImportSource = (typeof ARTICLE_IMPORT_SOURCES)[number];

/** SPEC §3 notification entity kinds: the `{entity}` of toast keys `notification.{entity}.{action}.{level}`. */
export const NOTIFICATION_ENTITIES = [
  'USER',
  'COMPANY',
  'ARTICLE',
  'ENQUIRY',
  'OFFER',
  'FILE',
  'CONVERSATION',
  'MESSAGE',
  'NOTIFICATION',
  'DISCOUNT_GROUP',
  'BOM',
  'AVV',
  'ARTICLE_REPLACE',
  'MANUFACTURER',
  'UNIT',
  'WHOLESALER',
] as const;
export type NotificationEntity = (typeof NOTIFICATION_ENTITIES)[number];

export const NOTIFICATION_ACTIONS = [
  'save',
  'create',
  'update',
  'delete',
  'get',
  'getAll',
  'login',
  'resetPassword',
  'forgetPassword',
  'upload',
  'archive',
  'copy',
  'map',
  'export',
] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

export const NOTIFICATION_LEVELS = ['warn', 'info', 'error', 'success'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

/** SPEC §9: page-size options of every table, default 10. */
export const PAGE_SIZES = [5, 10, 15, 20, 25, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** SPEC §1: the version shown in the footer. */
export const PORTAL_VERSION = '1.5.9';
