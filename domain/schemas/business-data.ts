import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, OFFER_STATES } from '../enums';
import { FOLDER_COMPANY_TYPES } from '../permissions-folder';
import { ISO_DAY } from '../rules/berlin-date';
import { isoDate, loadedLastUpdate, searchText, text } from './common';

/**
 * The project folder (SPEC §1 project folder, §3 Business data, §5, §6, §7 /offer/businessdata/*).
 * One folder per offer (all its versions); its id is random (256 bits, 64 hex characters) and is what the
 * links `/business-data/{folderId}` carry, so an offer id (visible to both companies) never opens a folder.
 * All calls under /api/offer/businessdata; every call answers 404 to whoever has no right on the folder
 * (a malformed folder or item id included):
 *
 * - GET  /list?page&paginationSize&search                  (signed in) -> folderListPage
 * - GET  /public?folderId                                   (public)    -> folderPublicInfo
 * - GET  /?folderId                                         (public: session or folder token; 412 when
 *        signed out without a token and anonymous access is on, 404 else) -> folderResponse
 * - POST /check {folderId, password}                       (public) -> folderResponse + httpOnly folder
 *        cookie; 403 FOLDER_WRONG_PASSWORD, 429 FOLDER_THROTTLED (10 failures per folder and IP in 30 min),
 *        404 when anonymous access is off
 * - POST /   multipart (folderId field first, then file)    (write)  -> 201 folderItem
 * - GET  /file?folderId&itemId&inline                      (read)   -> the file (inline: PDF in the page);
 *        a completed download counts (downloadCounter)
 * - GET  /zip?folderId&itemIds=a,b                         (read)   -> one streamed ZIP of the chosen files
 * - POST /delete {folderId, itemIds}                       (write)  -> 200 all deleted now, 208 some were
 *        already gone (SPEC §7); empty selection 400 FOLDER_NO_FILES
 * - POST /settings {folderId, types, allowExternal, allowAnonymous, anonymousWrite} (manage) -> folderResponse;
 *        anonymous on without a password 409 FOLDER_PASSWORD_FIRST; anonymous off ends all anonymous sessions
 * - POST /create {folderId, password, passwordRepeat, allowAnonymous?} (manage) -> folderResponse; sets the
 *        password (argon2id), ends all anonymous sessions
 * - POST /share {folderId, visibilityEntries}              (manage) -> folderShareResponse (the new entries);
 *        an e-mail without account becomes an EXTERNAL user and is invited by mail
 * - POST /share/delete {folderId, email}                   (manage) -> 204
 * - GET  /log?folderId&page&paginationSize                 (manage) -> folderLogPage
 * - GET  /defaults, POST /defaults                         (operator admins) -> folderDefaults
 */

export const FOLDER_TEXTS = {
  notAllowed: 'Der Zugriff auf diesen Projektordner ist nicht erlaubt.',
  passwordShort: 'Das Passwort muss mindestens 6 Zeichen lang sein.',
  passwordMismatch: 'Die Passwörter stimmen nicht überein.',
  emailRequired: 'Bitte geben Sie eine E-Mail-Adresse ein.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  endDateInvalid: 'Bitte geben Sie ein gültiges Datum ein.',
} as const;

export const FOLDER_PASSWORD_MIN = 6;

/** Any text: a malformed id is answered as not found by the service, never as an input error. */
const folderId = text().max(200);
const itemId = text().max(200);
const page = {
  page: z.coerce.number().int().min(0).default(0),
  paginationSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
};

export const folderRight = z.object({ read: z.boolean(), write: z.boolean() });
export const folderTypes = z.object(
  Object.fromEntries(FOLDER_COMPANY_TYPES.map((type) => [type, folderRight])) as Record<
    (typeof FOLDER_COMPANY_TYPES)[number],
    typeof folderRight
  >,
);

// --- list --------------------------------------------------------------------------------------------

export const folderListQuery = z.object({ ...page, search: searchText().optional() });
export type FolderListQuery = z.input<typeof folderListQuery>;

export const folderListItem = z.object({
  folderId: z.string(),
  /** Set when the user may open the offer itself (its own company's offer). */
  offerId: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  offerNumber: z.string().nullable(),
  version: z.number().int(),
  state: z.enum(OFFER_STATES),
  customerName: z.string(),
  supplierName: z.string(),
  fileCount: z.number().int(),
  lastUpdate: isoDate.nullable(),
  /** COMPANY: an offer of the user's company; SHARED: shared with the user's e-mail. */
  access: z.enum(['COMPANY', 'SHARED']),
});
export type FolderListItem = z.infer<typeof folderListItem>;
export const folderListPage = z.object({ content: z.array(folderListItem), totalElements: z.number().int() });
export type FolderListPage = z.infer<typeof folderListPage>;

// --- the folder ----------------------------------------------------------------------------------------

export const folderIdQuery = z.object({ folderId });
export const folderPublicInfo = z.object({ anonymousAllowed: z.boolean() });
export type FolderPublicInfo = z.infer<typeof folderPublicInfo>;

export const folderItem = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number().int(),
  downloadCounter: z.number().int(),
  lastUpdate: isoDate,
  /** Who uploaded it: a person's name, or 'Anonymer Besucher'. */
  uploadedBy: z.string(),
});
export type FolderItem = z.infer<typeof folderItem>;

export const visibilityEntry = z.object({
  email: z.string(),
  endDate: z.string().nullable(),
  read: z.boolean(),
  write: z.boolean(),
  /** The entry's last day is past: it grants nothing any more. */
  expired: z.boolean(),
});
export type VisibilityEntry = z.infer<typeof visibilityEntry>;

export const folderSettings = z.object({
  types: folderTypes,
  allowExternal: z.boolean(),
  allowAnonymous: z.boolean(),
  anonymousWrite: z.boolean(),
  /** SPEC §3: the password is 'nicht gesetzt' while no hash is stored. */
  passwordSet: z.boolean(),
  visibilities: z.array(visibilityEntry),
  /** The operator's default runtime of an invitation for the manager's company type, in days (null: none). */
  defaultExpiryDays: z.number().int().nullable(),
  /** The settings' last change (sent back with POST /settings). */
  lastUpdate: isoDate,
});
export type FolderSettings = z.infer<typeof folderSettings>;

export const FOLDER_VIEWERS = ['MEMBER', 'GUEST', 'ANONYMOUS'] as const;
export type FolderViewer = (typeof FOLDER_VIEWERS)[number];

export const folderResponse = z.object({
  folderId: z.string(),
  /** Set when the viewer may open the offer itself. */
  offerId: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  offerNumber: z.string().nullable(),
  version: z.number().int(),
  state: z.enum(OFFER_STATES),
  customerName: z.string(),
  supplierName: z.string(),
  /** MEMBER: a user of the offer's companies; GUEST: through a visibility entry; ANONYMOUS: by password. */
  viewer: z.enum(FOLDER_VIEWERS),
  rights: z.object({ read: z.boolean(), write: z.boolean(), manage: z.boolean() }),
  items: z.array(folderItem),
  /** Only for those who manage the folder. */
  settings: folderSettings.nullable(),
});
export type FolderResponse = z.infer<typeof folderResponse>;

// --- files ------------------------------------------------------------------------------------------------

export const folderFileQuery = z.object({
  folderId,
  itemId,
  inline: z.enum(['true', 'false']).optional(),
});
export const folderZipQuery = z.object({ folderId, itemIds: text().max(20_000).default('') });
export const folderItemsBody = z.object({ folderId, itemIds: z.array(itemId).max(1000) });
export type FolderItemsBody = z.infer<typeof folderItemsBody>;
export const folderDeleteResponse = z.object({ deleted: z.number().int(), alreadyDeleted: z.number().int() });

// --- anonymous access, password, settings --------------------------------------------------------------

export const folderCheckBody = z.object({ folderId, password: text().max(200) });
export type FolderCheckBody = z.infer<typeof folderCheckBody>;

export const folderPasswordBody = z
  .object({
    folderId,
    password: text().min(FOLDER_PASSWORD_MIN, FOLDER_TEXTS.passwordShort).max(200),
    passwordRepeat: text().max(200),
    /** The dialog opened by turning anonymous access on sets the password and the switch together. */
    allowAnonymous: z.boolean().optional(),
  })
  .refine((value) => value.password === value.passwordRepeat, {
    path: ['passwordRepeat'],
    message: FOLDER_TEXTS.passwordMismatch,
  });
export type FolderPasswordBody = z.input<typeof folderPasswordBody>;

export const folderSettingsBody = z.object({
  folderId,
  lastUpdate: loadedLastUpdate,
  types: folderTypes,
  allowExternal: z.boolean(),
  allowAnonymous: z.boolean(),
  anonymousWrite: z.boolean(),
});
export type FolderSettingsBody = z.infer<typeof folderSettingsBody>;

export const visibilityEntryInput = z.object({
  email: text()
    .trim()
    .min(1, FOLDER_TEXTS.emailRequired)
    .max(254)
    .pipe(z.email(FOLDER_TEXTS.emailInvalid))
    .transform((value) => value.toLowerCase()),
  /** Last day of access (inclusive); absent: the operator's default runtime, or unlimited without one. */
  endDate: text()
    .regex(ISO_DAY, FOLDER_TEXTS.endDateInvalid)
    .refine((value) => !Number.isNaN(Date.parse(value)), FOLDER_TEXTS.endDateInvalid)
    .nullish()
    .transform((value) => value ?? null),
  read: z.boolean(),
  write: z.boolean(),
});
export type VisibilityEntryInput = z.input<typeof visibilityEntryInput>;

export const folderShareBody = z.object({
  folderId,
  visibilityEntries: z.array(visibilityEntryInput).min(1, FOLDER_TEXTS.emailRequired).max(50),
});
export type FolderShareBody = z.input<typeof folderShareBody>;

export const folderShareResponse = z.array(
  visibilityEntry.extend({
    /** No account existed: an external guest was created and invited by mail. */
    invited: z.boolean(),
  }),
);
export type FolderShareResponse = z.infer<typeof folderShareResponse>;

export const folderUnshareBody = z.object({ folderId, email: text().trim().max(254) });

// --- access log -----------------------------------------------------------------------------------------------

export const FOLDER_LOG_ACTIONS = [
  'OPEN',
  'DOWNLOAD',
  'VIEW',
  'UPLOAD',
  'DELETE',
  'PASSWORD_OK',
  'PASSWORD_WRONG',
  'SETTINGS',
  'PASSWORD_SET',
  'SHARE',
  'UNSHARE',
] as const;
export type FolderLogAction = (typeof FOLDER_LOG_ACTIONS)[number];

export const FOLDER_LOG_ACTION_LABELS: Record<FolderLogAction, string> = {
  OPEN: 'Ordner geöffnet',
  DOWNLOAD: 'Heruntergeladen',
  VIEW: 'Angesehen',
  UPLOAD: 'Hochgeladen',
  DELETE: 'Gelöscht',
  PASSWORD_OK: 'Passwort richtig',
  PASSWORD_WRONG: 'Passwort falsch',
  SETTINGS: 'Einstellungen geändert',
  PASSWORD_SET: 'Passwort gesetzt',
  SHARE: 'Freigabe erteilt',
  UNSHARE: 'Freigabe entzogen',
};

export const folderLogQuery = z.object({ folderId, ...page });
export const folderLogEntry = z.object({
  id: z.string(),
  at: isoDate,
  /** A person (name and e-mail) or 'Anonymer Besucher (Sitzung 1a2b3c)'. */
  actor: z.string(),
  ip: z.string().nullable(),
  action: z.enum(FOLDER_LOG_ACTIONS),
  filename: z.string().nullable(),
});
export type FolderLogEntry = z.infer<typeof folderLogEntry>;
export const folderLogPage = z.object({ content: z.array(folderLogEntry), totalElements: z.number().int() });
export type FolderLogPage = z.infer<typeof folderLogPage>;

// --- operator defaults ------------------------------------------------------------------------------------------

const expiryDays = z.number().int().min(1, 'Mindestens 1 Tag.').max(3650, 'Höchstens 3650 Tage.').nullable();
export const folderDefaults = z.object({ CUSTOMER: expiryDays, SUPPLIER: expiryDays });
export type FolderDefaults = z.infer<typeof folderDefaults>;
