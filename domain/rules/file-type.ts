import type { FileType } from '../enums';
import { removeInvisibleCharacters } from './invisible-characters';

/**
 * SPEC §5 upload rules: which file formats each upload accepts, the size limit, which file types
 * (SPEC §3 fileType) a file may be classified as by its extension, and how stored names are made safe
 * and unique. Shared by the server's upload checks and the web app's drop zones.
 */

/** SPEC §5/§9: an upload must be under 200 MB (a file of exactly 200 MB is refused). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

export function isUploadSizeAllowed(size: number): boolean {
  return Number.isFinite(size) && size >= 0 && size < MAX_UPLOAD_BYTES;
}

/** The Perforex CNC formats (SPEC §5: these files are always of type PERFOREX). */
export const PERFOREX_EXTENSIONS = ['pau', 'pbt', 'pku', 'ppr', 'prp', 'pvb'] as const;

/**
 * SPEC §5 general upload formats. `jpg` is accepted as the everyday spelling of `jpeg`.
 */
export const UPLOAD_EXTENSIONS = [
  'doc',
  'docx',
  'pdf',
  'xls',
  'xlsx',
  'csv',
  'txt',
  'jpeg',
  'jpg',
  'png',
  'gif',
  ...PERFOREX_EXTENSIONS,
] as const;

/**
 * Beyond the SPEC §5 upload formats: a project folder also keeps the job's drawings (DXF, DWG, STEP), label files, NC programs and
 * archives besides the business formats.
 */
export const FOLDER_EXTENSIONS = [
  ...UPLOAD_EXTENSIONS,
  'dxf',
  'dwg',
  'step',
  'stp',
  'zip',
  'nc',
  'cnc',
  'iso',
  'tap',
  'gcode',
  'xml',
  'lbl',
  'lbx',
] as const;

/** SPEC §5 BOM formats. */
export const BOM_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;

/** SPEC §5 article import formats (also the sample file of an import configuration). */
export const ARTICLE_IMPORT_EXTENSIONS = ['xls', 'xlsx', 'csv', 'txt'] as const;
export type ArticleImportExtension = (typeof ARTICLE_IMPORT_EXTENSIONS)[number];

/**
 * Catalog files of the trade, imported without an import configuration: BMEcat (.xml, a .zip holding
 * one) and DATANORM (.001, .dat), with the wholesaler's discount groups (.rab) and product groups (.wrg).
 */
export const CATALOG_IMPORT_EXTENSIONS = ['xml', 'zip', '001', 'dat', 'rab', 'wrg'] as const;

/** The extension of a file name: lower case, without the dot; '' when there is none. */
export function fileExtension(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  return base.slice(dot + 1).toLowerCase();
}

/** Does the file name end in one of `allowed` (extensions without dot, case-insensitive)? */
export function hasAllowedExtension(name: string, allowed: readonly string[]): boolean {
  const extension = fileExtension(name);
  return extension !== '' && allowed.includes(extension);
}

export function isArticleImportFile(name: string): name is `${string}.${ArticleImportExtension}` {
  return hasAllowedExtension(name, ARTICLE_IMPORT_EXTENSIONS);
}

export function isCatalogImportFile(name: string): boolean {
  return hasAllowedExtension(name, CATALOG_IMPORT_EXTENSIONS);
}

const TYPES_BY_EXTENSION: Record<string, readonly FileType[]> = {
  xlsx: ['BILL_OF_MATERIAL', 'UNKNOWN'],
  // Not in the SPEC §5 table ("other: UNKNOWN"), but .xls is one of its BOM formats: an old-format BOM
  // must count as the enquiry's bill of material.
  xls: ['BILL_OF_MATERIAL', 'UNKNOWN'],
  pdf: ['OFFER', 'ORDER_CONFIRMATION', 'ORDER', 'LEGAL_DOCUMENT', 'CIRCUIT_DIAGRAM', 'NC_DATA', 'UNKNOWN'],
  csv: ['BILL_OF_MATERIAL', 'LABELLING', 'CONNECTION_LIST', 'NC_DATA', 'UNKNOWN'],
  txt: ['LABELLING', 'UNKNOWN'],
  ...Object.fromEntries(PERFOREX_EXTENSIONS.map((extension) => [extension, ['PERFOREX'] as const])),
};

/** SPEC §5 "file type by extension": the types a file of this name may be given. */
export function fileTypesFor(name: string): readonly FileType[] {
  return TYPES_BY_EXTENSION[fileExtension(name)] ?? ['UNKNOWN'];
}

export function isFileTypeAllowed(name: string, type: FileType): boolean {
  return fileTypesFor(name).includes(type);
}

/** The type a file gets when nobody chose one: PERFOREX for the Perforex formats, else UNKNOWN. */
export function defaultFileType(name: string): FileType {
  const types = fileTypesFor(name);
  return types.includes('UNKNOWN') ? 'UNKNOWN' : types[0]!;
}

/** Words in a file name that say what it holds, most specific first. */
const TYPE_HINTS: readonly { type: FileType; pattern: RegExp }[] = [
  { type: 'CIRCUIT_DIAGRAM', pattern: /schaltplan|circuit|eplan/ },
  { type: 'BILL_OF_MATERIAL', pattern: /st(ue|u|ü)ckliste|teileliste|(^|[^a-z])bom([^a-z]|$)/ },
  { type: 'CONNECTION_LIST', pattern: /klemmenplan|verbindungsliste/ },
  { type: 'LABELLING', pattern: /beschriftung/ },
  // SPEC §4: the documents of an offer's states.
  { type: 'ORDER_CONFIRMATION', pattern: /auftragsbest(ae|ä|a)tigung|order.?confirmation/ },
  { type: 'ORDER', pattern: /bestellung|(^|[^a-z])order([^a-z]|$)/ },
  { type: 'OFFER', pattern: /angebot|(^|[^a-z])offer([^a-z]|$)/ },
];

/**
 * The type proposed for an uploaded file when the user chose none: read from words in its name
 * ("Schaltplan_A1.pdf" is a circuit diagram, "BOM-Anlage 3.xlsx" a bill of material), but only among the
 * types its extension allows; otherwise the default of {@link defaultFileType}.
 */
export function proposeFileType(name: string): FileType {
  const base = (name.split(/[/\\]/).pop() ?? '').normalize('NFC').toLowerCase();
  const allowed = fileTypesFor(name);
  for (const hint of TYPE_HINTS) {
    if (hint.pattern.test(base) && allowed.includes(hint.type)) return hint.type;
  }
  return defaultFileType(name);
}

/**
 * The longest stored file name in bytes (UTF-8), since file systems count bytes: 255 per name on the
 * common ones, of which this leaves room for the numeric prefix of a duplicate (SPEC §5) and for the
 * suffix of a file still being written. 199 × 'ä' are 398 bytes (ASVS 2.2.1: no ENAMETOOLONG, no 500).
 */
export const MAX_FILE_NAME_BYTES = 200;

/** Bytes of `text` in UTF-8 (as file systems and S3 keys count). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The longest start of `text` that fits into `maxBytes` of UTF-8, never cutting a character in two. */
function cutToBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    bytes += utf8Length(char);
    if (bytes > maxBytes) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/**
 * A file name as it is stored: SPEC §5 "a slash becomes an underscore" (also a backslash), control
 * characters, unpaired surrogates and the invisible bidi and zero-width characters removed (so that
 * "Rechnung\u202Efdp.exe" is stored as what it is, "Rechnungfdp.exe"), trimmed, shortened to
 * MAX_FILE_NAME_BYTES with the extension kept (SPEC §5 makes names safe instead of refusing them). Names
 * that would be empty or a dot path ('.', '..') become 'datei'.
 */
export function sanitizeFileName(name: string): string {
  let clean = name
    .normalize('NFC')
    .replace(/[/\\]/g, '_')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed here
    .replace(/[\u0000-\u001f\u007f]|\p{Cs}/gu, '');
  clean = removeInvisibleCharacters(clean).trim();
  if (/^\.*$/.test(clean)) clean = 'datei';
  if (utf8Length(clean) > MAX_FILE_NAME_BYTES) {
    const extension = fileExtension(clean);
    const suffix = extension && extension.length < 20 ? `.${extension}` : '';
    const stem = clean.slice(0, clean.length - suffix.length);
    clean = cutToBytes(stem, MAX_FILE_NAME_BYTES - utf8Length(suffix)).trimEnd() + suffix;
  }
  return clean;
}

/**
 * SPEC §5: a duplicate file name gets a numeric prefix. 'plan.pdf' taken gives '1_plan.pdf', then
 * '2_plan.pdf' … Names are compared as stored (case-sensitive, like the file systems and S3).
 */
export function uniqueFileName(name: string, existing: Iterable<string>): string {
  const clean = sanitizeFileName(name);
  const taken = new Set(existing);
  if (!taken.has(clean)) return clean;
  for (let counter = 1; ; counter++) {
    const candidate = `${counter}_${clean}`;
    if (!taken.has(candidate)) return candidate;
  }
}
