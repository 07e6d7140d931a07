import type { FieldChange } from '@portal/domain/rules/change-diff';
import { diffTechnicalSpec } from '@portal/domain/rules/technical-spec';
import type { ChangeEntry } from '@portal/domain/schemas/change-entry';
import type { EnquiryFile, EnquiryResponse } from '@portal/domain/schemas/enquiry';
import {
  defaultTechnicalSpec,
  type TechnicalSpec,
  technicalSpecSchema,
} from '@portal/domain/schemas/technical-spec';
import type { EnquiryFileRow, EnquiryRow } from './enquiry.repository';

/** The project fields kept in the change history (SPEC §3 changeEntries; labels in technical-spec-labels). */
export const AUDITED_FIELDS = [
  'title',
  'referenceNumber',
  'deliveryCondition',
  'desiredDeliveryDate',
  'amount',
  'price',
  'location',
  'additionalInfo',
] as const;

/**
 * The stored specification as the schema reads it today: an option added after the enquiry was saved
 * takes its SPEC default (the jsonb column holds what was valid when it was written).
 */
export function readTechnicalSpec(stored: unknown): TechnicalSpec {
  const parsed = technicalSpecSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : defaultTechnicalSpec();
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

/** The changed options, recorded as `technicalSpec.<field>` (the history shows their German labels). */
export function technicalSpecChanges(before: TechnicalSpec, after: TechnicalSpec): FieldChange[] {
  return diffTechnicalSpec(before, after).map((change) => ({
    field: `technicalSpec.${change.field}`,
    oldValue: asText(change.before),
    newValue: asText(change.after),
  }));
}

export function toEnquiryFile(row: EnquiryFileRow): EnquiryFile {
  return {
    id: row.id,
    filename: row.filename,
    fileType: row.fileType,
    size: row.size,
    createDate: row.createdAt.toISOString(),
  };
}

export function toEnquiryResponse(
  row: EnquiryRow,
  extra: {
    customerName: string;
    files: EnquiryFileRow[];
    recipients: EnquiryResponse['recipients'];
    changeEntries: ChangeEntry[];
  },
): EnquiryResponse {
  return {
    id: row.id,
    customerId: row.customerId,
    customerName: extra.customerName,
    title: row.title,
    referenceNumber: row.referenceNumber,
    deliveryCondition: row.deliveryCondition,
    desiredDeliveryDate: row.desiredDeliveryDate,
    amount: row.amount,
    price: row.price,
    location: row.location,
    additionalInfo: row.additionalInfo,
    technicalSpec: readTechnicalSpec(row.technicalSpec),
    files: extra.files.map(toEnquiryFile),
    released: row.released,
    releaseDate: row.releaseDate?.toISOString() ?? null,
    closed: row.closed,
    archived: row.archived,
    recipients: extra.recipients,
    createDate: row.createdAt.toISOString(),
    lastUpdate: row.updatedAt.toISOString(),
    changeEntries: extra.changeEntries,
  };
}
