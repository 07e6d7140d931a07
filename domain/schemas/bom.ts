import { z } from 'zod';
import { BOM_LINE_STATUSES, BOM_MATCH_KINDS, type BomLineStatus } from '../enums';
import { headerKey } from '../rules/import-mapping';
import { isoDate, optionalText, text } from './common';
import { HEADER_ROW_MESSAGE, headerRowIndex } from './import-config';

/**
 * SPEC §3 BOM line and §5 BOM header row and mapping: one line model for the enquiry's BOM, the
 * operator's BOM import and the offer's articles (ARCHITECTURE §3a), and the mapping of a BOM file's columns.
 *
 * Structure identifiers follow the SPEC's symbols: functionDesignation is `==`, functionalAssignment `=`,
 * locationIdentifier `++`, installationLocation `+`, bmk `-`. The German labels are EPLAN's names of those
 * symbols (IEC 81346 as EPLAN writes it: `==` Funktionale Zuordnung, `=` Anlage, `++` Aufstellungsort,
 * `+` Einbauort, `-` BMK) with the symbol beside them, so an EPLAN user recognises each column by either.
 * The SPEC's English names of `==` and `=` are the other way round from EPLAN's words ("functional
 * assignment" is EPLAN's `==`; the SPEC's production export lists "functional assignment, plant, …" in
 * EPLAN's order), so the symbol, not the English name, decides.
 */

/** Every BOM field a column can be mapped to, with its German label (mapping list, table, export). */
export const BOM_FIELDS = {
  quantity: { label: 'Menge' },
  unit: { label: 'Einheit' },
  orderNumber: { label: 'Bestellnummer' },
  manufacturerNumber: { label: 'Herstellernummer' },
  manufacturer: { label: 'Hersteller' },
  wholesalerOrderNumber: { label: 'Bestellnummer beim Großhändler' },
  functionDesignation: { label: 'Funktionale Zuordnung (==)' },
  functionalAssignment: { label: 'Anlage (=)' },
  locationIdentifier: { label: 'Aufstellungsort (++)' },
  installationLocation: { label: 'Einbauort (+)' },
  bmk: { label: 'BMK (-)' },
  isSuppliedPart: { label: 'Beigestellt' },
  description: { label: 'Bezeichnung' },
  erpNumber: { label: 'ERP-Nummer' },
} as const satisfies Record<string, { label: string }>;

export type BomField = keyof typeof BOM_FIELDS;
export const BOM_FIELD_NAMES = Object.keys(BOM_FIELDS) as [BomField, ...BomField[]];

/** German labels of the line statuses (filter, counts at the top of the table, badges). */
export const BOM_LINE_STATUS_LABELS: Record<BomLineStatus, string> = {
  MATCHED: 'Zugeordnet',
  NOT_FOUND: 'Nicht gefunden',
  DUPLICATE: 'Nicht eindeutig',
  WRONG_UNIT: 'Falsche Einheit',
  MISSING_VALUES: 'Fehlende Werte',
  SUPPLIED: 'Beigestellt',
};

/** SPEC §3 bomError: the statuses of a line that did not match (the estimate's error share, "nur Fehler"). */
export const BOM_ERROR_STATUSES: readonly BomLineStatus[] = [
  'NOT_FOUND',
  'DUPLICATE',
  'WRONG_UNIT',
  'MISSING_VALUES',
];

export function isBomErrorStatus(status: BomLineStatus): boolean {
  return BOM_ERROR_STATUSES.includes(status);
}

export { HEADER_ROW_MESSAGE };
export const MISSING_BOM_NUMBER_MAPPING =
  'Bitte ordnen Sie mindestens die Bestellnummer oder die Herstellernummer zu.';
export const SUPPLIED_PART_TEXT_REQUIRED =
  'Bitte geben Sie den Text an, der ein beigestelltes Teil kennzeichnet (z. B. „beigestellt“).';
export const FIELD_MAPPED_TWICE = 'Dieses Feld ist bereits einer Spalte zugeordnet.';
export const HEADER_MAPPED_TWICE = 'Diese Spalte ist bereits einem Feld zugeordnet.';

/** SPEC §5 warnings of the header row and mapping, in German. */
export const BOM_MAPPING_WARNINGS = {
  headerRowIndexWrong: HEADER_ROW_MESSAGE,
  noHeadersFound: 'In der angegebenen Zeile wurden keine Spaltenüberschriften gefunden.',
  missingMapping: MISSING_BOM_NUMBER_MAPPING,
  headerIndexChangeFailed: 'Die Kopfzeile konnte nicht übernommen werden. Bitte versuchen Sie es erneut.',
} as const;

export const bomFieldMappingEntry = z.object({
  importHeader: text().trim().min(1).max(200),
  bomField: z.enum(BOM_FIELD_NAMES),
});
export type BomFieldMappingEntry = z.infer<typeof bomFieldMappingEntry>;

/**
 * The header row and the mapping of a BOM file, without the refinements (compose with `.extend()`, then
 * `.superRefine(checkBomMapping)`, as bomMappingBody and enquiryBomMapBody do).
 */
export const bomMappingFields = z.object({
  /** SPEC §5: a whole number >= 1, 'Bitte geben Sie eine Zahl größer 0 ein.'. */
  headerRowIndex,
  fieldMapping: z.array(bomFieldMappingEntry).max(BOM_FIELD_NAMES.length),
  /** The text that marks a supplied part in the isSuppliedPart column (compared case-insensitively). */
  suppliedPartString: optionalText(100),
});

type BomMappingValues = z.output<typeof bomMappingFields>;

/**
 * SPEC §5: each field and each column at most once; at least the order number or the manufacturer number
 * mapped; the supplied-part text required when the supplied-part column is mapped.
 */
export function checkBomMapping(value: BomMappingValues, ctx: z.RefinementCtx): void {
  const fields = new Set<BomField>();
  const headers = new Set<string>();
  value.fieldMapping.forEach((entry, index) => {
    if (fields.has(entry.bomField)) {
      ctx.addIssue({
        code: 'custom',
        path: ['fieldMapping', index, 'bomField'],
        message: FIELD_MAPPED_TWICE,
      });
    }
    const key = headerKey(entry.importHeader);
    if (headers.has(key)) {
      ctx.addIssue({
        code: 'custom',
        path: ['fieldMapping', index, 'importHeader'],
        message: HEADER_MAPPED_TWICE,
      });
    }
    fields.add(entry.bomField);
    headers.add(key);
  });
  if (!fields.has('orderNumber') && !fields.has('manufacturerNumber')) {
    ctx.addIssue({ code: 'custom', path: ['fieldMapping'], message: MISSING_BOM_NUMBER_MAPPING });
  }
  if (fields.has('isSuppliedPart') && !value.suppliedPartString) {
    ctx.addIssue({ code: 'custom', path: ['suppliedPartString'], message: SUPPLIED_PART_TEXT_REQUIRED });
  }
}

/** The mapping as the side panel saves it (the operator's BOM import adds its own ids). */
export const bomMappingBody = bomMappingFields.superRefine(checkBomMapping);
export type BomMappingBody = z.input<typeof bomMappingBody>;
export type BomMapping = z.output<typeof bomMappingBody>;

/** POST /api/enquiry/bom/map. */
export const enquiryBomMapBody = bomMappingFields
  .extend({ enquiryId: z.uuid() })
  .superRefine(checkBomMapping);
export type EnquiryBomMapBody = z.input<typeof enquiryBomMapBody>;

/**
 * The mapped headers the file's header row lacks (compared as headerKey does: trimmed, spaces collapsed,
 * case-insensitive), as issues for the server's 422 answer (BOM_MAPPING_OUTDATED).
 */
export function unknownMappedHeaders(
  headers: readonly string[],
  fieldMapping: readonly BomFieldMappingEntry[],
): { path: string; message: string }[] {
  const known = new Set(headers.map(headerKey));
  return fieldMapping.flatMap((entry, index) =>
    known.has(headerKey(entry.importHeader))
      ? []
      : [
          {
            path: `fieldMapping.${index}.importHeader`,
            message: `Die Spalte „${entry.importHeader}“ steht nicht in der Kopfzeile.`,
          },
        ],
  );
}

const nullableText = z.string().nullable();

/** The matched catalog article as the lines table shows it. */
export const bomMatchedArticle = z.object({
  id: z.string(),
  orderNumber: nullableText,
  manufacturerNumber: nullableText,
  manufacturerName: nullableText,
  description: nullableText,
  unitName: nullableText,
});
export type BomMatchedArticle = z.infer<typeof bomMatchedArticle>;

/** A catalog article similar to a line that was not found (trigram similarity of the normalised number). */
export const bomSuggestion = z.object({
  articleId: z.string(),
  manufacturerName: nullableText,
  orderNumber: nullableText,
  /** 0–100: how alike the numbers are (100: the same key). */
  score: z.number().int().min(0).max(100),
});
export type BomSuggestion = z.infer<typeof bomSuggestion>;

/** SPEC §3 BOM line (response): the values read from the file, the match and how it came about. */
export const bomLine = z.object({
  id: z.string(),
  /** The line's row in the file as a spreadsheet program numbers it. */
  rowNumber: z.number().int(),
  /** Read with parseGermanQuantity; null when missing or not a number (status MISSING_VALUES). */
  quantity: z.number().nullable(),
  /**
   * The quantity in the matched article's counted unit (domain/rules/unit-dimensions.ts): converted (250 cm =
   * 2.5 m, "ÖLFLEX … - 10.0 M" = 10 m), pieces for an article sold in packs ("100 Stück"); null without match.
   */
  articleQuantity: z.number().nullable(),
  /** The packages of the article's unit the line needs, rounded up (40 Stk = 1 × 100 Stück); null if no pack. */
  packages: z.number().int().nullable(),
  /** The line's unit resolved through the unit variants; the name as written in the file. */
  quantityUnitId: z.string().nullable(),
  quantityUnitName: nullableText,
  isSuppliedPart: z.boolean(),
  functionDesignation: nullableText,
  functionalAssignment: nullableText,
  locationIdentifier: nullableText,
  installationLocation: nullableText,
  bmk: nullableText,
  wholesalerOrderNumber: nullableText,
  orderNumber: nullableText,
  manufacturerNumber: nullableText,
  /** As written in the file; manufacturerId when it resolved through the master data (name-normaliser). */
  manufacturerName: nullableText,
  manufacturerId: z.string().nullable(),
  /** EPLAN's "Bezeichnung" of the line and the customer's ERP number, as written in the file. */
  description: nullableText,
  erpNumber: nullableText,
  matchedArticleId: z.string().nullable(),
  matchedArticle: bomMatchedArticle.nullable(),
  /** An operator assigned the article by hand (SPEC §4; POST /article/replace). */
  manualReplacement: z.boolean(),
  status: z.enum(BOM_LINE_STATUSES),
  /** How the matched article was found; null without one. */
  matchKind: z.enum(BOM_MATCH_KINDS).nullable(),
  /** NOT_FOUND: up to three similar catalog articles, same manufacturer first, best first. Empty otherwise. */
  suggestions: z.array(bomSuggestion),
  /** DUPLICATE: the ids of the articles the line matches equally well. Empty otherwise. */
  candidateIds: z.array(z.string()),
  /** The customer changed the line after the upload. */
  edited: z.boolean(),
  /** SPEC §9 price of the line (matched, not supplied, article with a price); null otherwise. */
  price: z.number().nullable(),
  /** Every cell of the line as read, keyed by its column header (EPLAN fields nobody mapped included). */
  raw: z.record(z.string(), z.string()),
});
export type BomLine = z.infer<typeof bomLine>;

/** How many lines of each status a BOM has (the counts at the top of the lines table). */
export const bomLineCounts = z.object({
  total: z.number().int(),
  byStatus: z.object(
    Object.fromEntries(BOM_LINE_STATUSES.map((status) => [status, z.number().int()])) as Record<
      (typeof BOM_LINE_STATUSES)[number],
      z.ZodNumber
    >,
  ),
});
export type BomLineCounts = z.infer<typeof bomLineCounts>;

/**
 * The BOM of a draft enquiry (one per enquiry).
 * - POST /enquiry/bom/upload multipart: enquiryBomUploadFields (before the file), file -> enquiryBom
 * - POST /enquiry/bom/header enquiryBomHeaderBody -> enquiryBom (the row's headers, a fresh proposal)
 * - GET /enquiry/bom/?enquiryId= -> the original file; GET /enquiry/bom/info?enquiryId= -> enquiryBom | null
 * - POST /enquiry/bom/delete enquiryBomRefBody -> 204
 * Re-upload, header and delete are refused once the enquiry is released (409 BOM_RELEASED).
 */
export const enquiryBomRefBody = z.object({ enquiryId: z.uuid() });
export const enquiryBomQuery = enquiryBomRefBody;

/**
 * The multipart text fields of an upload; they come before the file (the access is checked before a byte
 * is stored). Without `headerRowIndex` the header row is proposed (detectBomHeaderRow).
 */
export const enquiryBomUploadFields = z.object({
  enquiryId: z.uuid(),
  headerRowIndex: z.coerce.number({ message: HEADER_ROW_MESSAGE }).pipe(headerRowIndex).optional(),
});

export const enquiryBomHeaderBody = z.object({ enquiryId: z.uuid(), headerRowIndex });
export type EnquiryBomHeaderBody = z.input<typeof enquiryBomHeaderBody>;

export const enquiryBom = z.object({
  enquiryId: z.string(),
  bomFileName: z.string(),
  size: z.number().int(),
  /** SPEC §3 bomHeaderRowIndex: the row read as the header (1 = first row). */
  headerRowIndex: z.number().int(),
  /** The header row's cell texts: non-empty, trimmed, each once, in column order. */
  headers: z.array(z.string()),
  /** The company's last confirmed mapping for the same header set, else proposeBomMapping; confirmed by POST /map. */
  proposedMapping: z.array(bomFieldMappingEntry),
  /**
   * The supplied-part text the file's values suggest ("beigestellt", "beistellung") when the proposal maps
   * the column they stand in as the supplied-part column; null otherwise.
   */
  proposedSuppliedPartString: z.string().nullable(),
  /** The confirmed mapping (SPEC §3 fieldMapping); null until mapped, reset when the headers change. */
  fieldMapping: z.array(bomFieldMappingEntry).nullable(),
  suppliedPartString: z.string().nullable(),
  /** The matched lines per status (SPEC §3 BOM line matching info); null until the mapping is saved. */
  lineCounts: bomLineCounts.nullable(),
  createDate: isoDate,
  lastUpdate: isoDate,
});
export type EnquiryBom = z.infer<typeof enquiryBom>;
