import { randomUUID } from 'node:crypto';
import { FILE_FOLDERS } from '@portal/domain/permissions';
import { MAX_UPLOAD_BYTES } from '@portal/domain/rules/file-type';
import { proposeBomMapping } from '@portal/domain/rules/header-detection';
import { headerKey } from '@portal/domain/rules/import-mapping';
import {
  BOM_FIELDS,
  type BomFieldMappingEntry,
  type BomLineCounts,
  type EnquiryBom,
  type enquiryBomMapBody,
} from '@portal/domain/schemas/bom';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import { type EnquiryBomRow, type EnquiryBomValues, findLastMapping } from './enquiry-bom.repository';

/**
 * The BOM's pieces that are not the service's flow: storage keys, the copy of a stored BOM, the header-set
 * key and the mapping proposal, the response shape and the history text.
 */

/** A BOM's storage key is generated (enquiry and a fresh id), never made of the user's file name. */
export function enquiryBomKey(enquiryId: string, id: string): string {
  return `${FILE_FOLDERS.enquiry}${enquiryId}/bom/${id}`;
}

/**
 * SPEC §7 POST /enquiry/copy takes the BOM along. Its file is copied through the storage to a new
 * generated key of the copy; header row, headers, mapping and supplied-part text stay as they were. The
 * returned values are inserted by the copy's transaction (replaceBom); the caller removes the copied file
 * when that fails.
 */
export async function copyStoredBom(
  storage: FileStorage,
  bom: EnquiryBomRow,
  enquiryId: string,
  userId: string,
): Promise<EnquiryBomValues> {
  const storageKey = enquiryBomKey(enquiryId, randomUUID());
  const { size } = await storage.save(storageKey, await storage.open(bom.storageKey), {
    maxBytes: MAX_UPLOAD_BYTES,
  });
  return {
    enquiryId,
    customerId: bom.customerId,
    storageKey,
    filename: bom.filename,
    size,
    headerRowIndex: bom.headerRowIndex,
    headers: bom.headers,
    headersKey: bomHeadersKey(bom.headers),
    suppliedPartProposal: bom.suppliedPartProposal,
    mapping: bom.mapping,
    suppliedPartText: bom.suppliedPartText,
    uploadedBy: userId,
  };
}

export interface StoredBom {
  storageKey: string;
  filename: string;
  size: number;
}

/**
 * A header set compared order-, case- and space-insensitively (headerKey of each header,
 * sorted, once each, joined by a line break, which headerKey never leaves in a header).
 */
export function bomHeadersKey(headers: readonly string[]): string {
  return [...new Set(headers.map(headerKey))].sort().join('\n');
}

/**
 * The proposal for a BOM's headers. The company's most recent confirmed mapping for
 * the same header set comes first (its entries kept for headers present, spelt as this file spells them);
 * otherwise, or when nothing of it is left, proposeBomMapping. Only a proposal: the mapping of the BOM
 * itself stays null until the customer confirms it (POST /map).
 */
export async function proposeMapping(
  db: DbOrTx,
  row: Pick<EnquiryBomRow, 'customerId' | 'headers'>,
): Promise<BomFieldMappingEntry[]> {
  const last = await findLastMapping(db, row.customerId, bomHeadersKey(row.headers));
  if (last) {
    const spelling = new Map(row.headers.map((header) => [headerKey(header), header]));
    const reused = last.flatMap((entry) => {
      const header = spelling.get(headerKey(entry.importHeader));
      return header === undefined ? [] : [{ importHeader: header, bomField: entry.bomField }];
    });
    if (reused.length > 0) return reused;
  }
  return proposeBomMapping(row.headers);
}

export type EnquiryBomMap = z.output<typeof enquiryBomMapBody>;

/** The mapping as the change history shows it: "Spalte → Feld" each, and the supplied-part text. */
export function describeMapping(
  mapping: readonly BomFieldMappingEntry[] | null,
  suppliedPartText: string | null,
) {
  if (!mapping) return null;
  const entries = mapping.map((entry) => `${entry.importHeader} → ${BOM_FIELDS[entry.bomField].label}`);
  if (suppliedPartText) entries.push(`Text für beigestellte Teile: „${suppliedPartText}“`);
  return entries.join('; ');
}

export function toEnquiryBom(
  row: EnquiryBomRow,
  proposal: { mapping: BomFieldMappingEntry[]; suppliedPartString: string | null },
  lineCounts: BomLineCounts | null,
): EnquiryBom {
  return {
    enquiryId: row.enquiryId,
    bomFileName: row.filename,
    size: row.size,
    headerRowIndex: row.headerRowIndex,
    headers: row.headers,
    proposedMapping: proposal.mapping,
    proposedSuppliedPartString: proposal.suppliedPartString,
    fieldMapping: row.mapping ?? null,
    suppliedPartString: row.suppliedPartText,
    lineCounts,
    createDate: row.createdAt.toISOString(),
    lastUpdate: row.updatedAt.toISOString(),
  };
}
