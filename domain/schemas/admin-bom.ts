import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../enums';
import {
  bomFieldMappingEntry,
  bomLineCounts,
  bomMappingFields,
  checkBomMapping,
  HEADER_ROW_MESSAGE,
} from './bom';
import { bomLinesPageQuery, resolveBomManufacturerFields, unknownBomManufacturers } from './bom-lines';
import { idListQuery, isoDate } from './common';
import { headerRowIndex } from './import-config';

/**
 * SPEC §2 /import/stueckliste, §3 Admin BOM result, §7 /admin/bom: the operator's BOM
 * import without an enquiry. Every upload is a new result of the shared history; its lines are the one BOM
 * line model (bom-lines.ts).
 * - POST /admin/bom/upload multipart: adminBomUploadFields (before the file), file -> adminBom
 * - POST /admin/bom/header adminBomHeaderBody -> adminBom; POST /admin/bom/map adminBomMapBody -> adminBom
 * - GET /admin/bom/all/simple adminBomListQuery -> adminBomListResponse (newest first)
 * - GET /admin/bom/?id -> adminBom; GET /admin/bom/delete?adminBOMResultIds=a,b -> 204
 * - GET /admin/bom/lines adminBomLinesQuery -> bomLinesPage; GET /admin/bom/summed?id -> bomSummedResponse
 * - GET /admin/bom/file?id -> the original file; GET /admin/bom/export?id -> the result as .xlsx
 * - GET /admin/bom/manufacturer-names?id -> unknownBomManufacturers (bom-lines.ts)
 * - POST /admin/bom/manufacturer-names adminBomManufacturerNameBody -> adminBomManufacturerNameResponse
 *   (operator administrators: master data is shared by all companies)
 */

export const adminBomQuery = z.object({ id: z.uuid() });
export type AdminBomQuery = z.input<typeof adminBomQuery>;

/** The multipart text fields of an upload (before the file); without `headerRowIndex` the row is proposed. */
export const adminBomUploadFields = z.object({
  headerRowIndex: z.coerce.number({ message: HEADER_ROW_MESSAGE }).pipe(headerRowIndex).optional(),
});

export const adminBomHeaderBody = z.object({ id: z.uuid(), headerRowIndex });
export type AdminBomHeaderBody = z.input<typeof adminBomHeaderBody>;

export const adminBomMapBody = bomMappingFields.extend({ id: z.uuid() }).superRefine(checkBomMapping);
export type AdminBomMapBody = z.input<typeof adminBomMapBody>;

export const adminBomLinesQuery = bomLinesPageQuery.extend({ id: z.uuid() });
export type AdminBomLinesQuery = z.input<typeof adminBomLinesQuery>;

/** SPEC §7 GET /admin/bom/delete?adminBOMResultIds=a,b (comma-separated). */
export const adminBomDeleteQuery = z.object({ adminBOMResultIds: idListQuery });
export type AdminBomDeleteQuery = z.input<typeof adminBomDeleteQuery>;

export const adminBomListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  paginationSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
});
export type AdminBomListQuery = z.input<typeof adminBomListQuery>;

/** SPEC "success rate of matching": the share of MATCHED lines among all lines in %, one decimal. */
export function bomSuccessRate(matched: number, total: number): number | null {
  if (total <= 0) return null;
  return Math.round((matched * 1000) / total) / 10;
}

/** SPEC §3 Admin BOM result. */
export const adminBom = z.object({
  id: z.string(),
  bomFileName: z.string(),
  size: z.number().int(),
  /** SPEC §3 bomHeaderRowIndex: the row read as the header (1 = first row). */
  headerRowIndex: z.number().int(),
  headers: z.array(z.string()),
  /** proposeBomMapping for the headers; confirmed by POST /map. */
  proposedMapping: z.array(bomFieldMappingEntry),
  /** The supplied-part text the file's values suggest (see enquiryBom). */
  proposedSuppliedPartString: z.string().nullable(),
  /** The confirmed mapping; null until mapped, reset when the header row's headers change. */
  fieldMapping: z.array(bomFieldMappingEntry).nullable(),
  suppliedPartString: z.string().nullable(),
  /** Lines per status; null until the mapping is saved. */
  lineCounts: bomLineCounts.nullable(),
  /** % of MATCHED lines among all lines, one decimal; null until the mapping is saved. */
  successRate: z.number().nullable(),
  createDate: isoDate,
  lastUpdate: isoDate,
});
export type AdminBom = z.infer<typeof adminBom>;

/**
 * An unknown manufacturer name of the result becomes a new manufacturer or a name variant of one; the result's
 * lines are matched again.
 */
export const adminBomManufacturerNameBody = z.discriminatedUnion('action', [
  resolveBomManufacturerFields.create.extend({ id: z.uuid() }),
  resolveBomManufacturerFields.variant.extend({ id: z.uuid() }),
]);
export type AdminBomManufacturerNameBody = z.input<typeof adminBomManufacturerNameBody>;

export const adminBomManufacturerNameResponse = z.object({
  /** The manufacturer that now carries the name (created, or the one it became a variant of). */
  manufacturer: z.object({ id: z.string(), displayName: z.string() }),
  /** Lines matched again: those whose manufacturer name the master data knows now. */
  rematchedLines: z.number().int(),
  /** The result with its new counts and success rate. */
  bom: adminBom,
  unknownManufacturers: unknownBomManufacturers,
});
export type AdminBomManufacturerNameResponse = z.infer<typeof adminBomManufacturerNameResponse>;

/** One result of the history. */
export const adminBomListItem = z.object({
  id: z.string(),
  bomFileName: z.string(),
  createDate: isoDate,
  /** null until mapped. */
  lineCount: z.number().int().nullable(),
  successRate: z.number().nullable(),
  /** "Vorname Nachname" of the uploader; null when the user was deleted. */
  createdByName: z.string().nullable(),
});
export type AdminBomListItem = z.infer<typeof adminBomListItem>;

export const adminBomListResponse = z.object({
  content: z.array(adminBomListItem),
  totalElements: z.number().int(),
});
export type AdminBomListResponse = z.infer<typeof adminBomListResponse>;

/** Columns of the sheet "Ergebnis" of the export ("Alle herunterladen"). */
export const ADMIN_BOM_EXPORT_HEADERS = [
  'Zeile',
  'Menge',
  'Einheit',
  'Hersteller',
  'Bestellnummer',
  'Herstellernummer',
  'BMK',
  'Bezeichnung',
  'ERP-Nummer',
  'Status',
  'Artikel: Bestellnummer',
  'Artikel: Herstellernummer',
  'Artikel: Hersteller',
  'Artikel: Bezeichnung',
  'Preis',
] as const;

/** Columns of the sheet "Summenstückliste" of the export. */
export const ADMIN_BOM_SUMMED_HEADERS = [
  'Bestellnummer',
  'Herstellernummer',
  'Hersteller',
  'Einheit',
  'Menge',
  'Anzahl Zeilen',
  'Beigestellt',
  'Preis',
] as const;
