import type { FileType } from '../enums';
import type { TechnicalSpec } from '../schemas/technical-spec';
import { berlinToday } from './berlin-date';
import { fileExtension } from './file-type';
import { technicalSpecProblems } from './technical-spec';

/** SPEC §4: the status of an enquiry, shown as its badge. DRAFT is shown as 'Freigabe ausstehend'. */
export type EnquiryStatus = 'ARCHIVED' | 'CLOSED' | 'RELEASED' | 'DRAFT';

/** SPEC §4: the status label by priority: archived, closed, released, else draft (pending release). */
export function enquiryStatus(enquiry: {
  archived: boolean;
  closed: boolean;
  released: boolean;
}): EnquiryStatus {
  if (enquiry.archived) return 'ARCHIVED';
  if (enquiry.closed) return 'CLOSED';
  if (enquiry.released) return 'RELEASED';
  return 'DRAFT';
}

export interface EnquiryReleaseProblem {
  /**
   * What is missing: a project field ('title', …), 'circuitDiagram' or 'billOfMaterial' for the files,
   * or a technical option as 'technicalSpec.<field>'.
   */
  field: string;
  message: string;
}

/** The parts of an enquiry that a release checks (the enquiry body and the response both fit). */
export interface ReleasableEnquiry {
  title: string | null;
  referenceNumber: string | null;
  deliveryCondition: string | null;
  desiredDeliveryDate: string | null;
  amount: number | null;
  technicalSpec: TechnicalSpec;
  /**
   * The BOM uploaded in the BOM panel has a saved column mapping. Until the matching lands,
   * a file of type BILL_OF_MATERIAL among the files counts as the BOM too.
   */
  bomMapped?: boolean;
}

export const MISSING_CIRCUIT_DIAGRAM = 'Schaltplan fehlt';
export const MISSING_BILL_OF_MATERIAL = 'Stückliste fehlt';

const blank = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '';

/**
 * SPEC §4/§5: why an enquiry may not be released yet, as German warnings; empty when it may. Checks the
 * required fields of SPEC §5 (the desired delivery date must lie after `today`), a circuit diagram as PDF
 * ('Schaltplan fehlt'), a bill of material ('Stückliste fehlt'; a file of type BILL_OF_MATERIAL until the
 * BOM panel maps one) and the required free texts of the technical options. Used by the server before a
 * release (nothing changes while there is a problem) and by the web app before it asks.
 */
export function enquiryReleaseProblems(
  enquiry: ReleasableEnquiry,
  files: readonly { filename: string; fileType: FileType }[],
  today: string = berlinToday(),
): EnquiryReleaseProblem[] {
  const problems: EnquiryReleaseProblem[] = [];
  if (blank(enquiry.title)) problems.push({ field: 'title', message: 'Titel fehlt' });
  if (blank(enquiry.referenceNumber))
    problems.push({ field: 'referenceNumber', message: 'Referenznummer fehlt' });
  if (blank(enquiry.deliveryCondition)) {
    problems.push({ field: 'deliveryCondition', message: 'Lieferbedingung fehlt' });
  }
  if (blank(enquiry.desiredDeliveryDate)) {
    problems.push({ field: 'desiredDeliveryDate', message: 'Wunschliefertermin fehlt' });
  } else if ((enquiry.desiredDeliveryDate as string) <= today) {
    problems.push({
      field: 'desiredDeliveryDate',
      message: 'Der Wunschliefertermin muss in der Zukunft liegen',
    });
  }
  if (enquiry.amount === null || !Number.isInteger(enquiry.amount) || enquiry.amount < 1) {
    problems.push({ field: 'amount', message: 'Stückzahl muss eine ganze Zahl ab 1 sein' });
  }
  const hasCircuitDiagram = files.some(
    (file) => file.fileType === 'CIRCUIT_DIAGRAM' && fileExtension(file.filename) === 'pdf',
  );
  if (!hasCircuitDiagram) problems.push({ field: 'circuitDiagram', message: MISSING_CIRCUIT_DIAGRAM });
  if (!enquiry.bomMapped && !files.some((file) => file.fileType === 'BILL_OF_MATERIAL')) {
    problems.push({ field: 'billOfMaterial', message: MISSING_BILL_OF_MATERIAL });
  }
  for (const problem of technicalSpecProblems(enquiry.technicalSpec)) {
    problems.push({ field: `technicalSpec.${problem.field}`, message: problem.message });
  }
  return problems;
}

/**
 * SPEC §4 release as one decision: a draft (a released enquiry is read-only) with nothing missing. The
 * server maps a refusal to its API error; the web app asks only when it is allowed.
 */
export type EnquiryReleaseDecision =
  | { allowed: true }
  | { allowed: false; reason: 'ALREADY_RELEASED' }
  | { allowed: false; reason: 'INCOMPLETE'; problems: EnquiryReleaseProblem[] };

export function decideEnquiryRelease(
  enquiry: ReleasableEnquiry & { released: boolean },
  files: readonly { filename: string; fileType: FileType }[],
  today: string = berlinToday(),
): EnquiryReleaseDecision {
  if (enquiry.released) return { allowed: false, reason: 'ALREADY_RELEASED' };
  const problems = enquiryReleaseProblems(enquiry, files, today);
  return problems.length > 0 ? { allowed: false, reason: 'INCOMPLETE', problems } : { allowed: true };
}

/**
 * SPEC §4 close and reopen: closing means "no new offers", so a draft has none to stop. An enquiry that is
 * already closed (or open) stays as it is: allowed, without a change.
 */
export type EnquiryClosingDecision =
  | { allowed: true; changes: boolean }
  | { allowed: false; reason: 'NOT_RELEASED' };

export function decideEnquiryClosing(
  enquiry: { released: boolean; closed: boolean },
  closed: boolean,
): EnquiryClosingDecision {
  if (closed && !enquiry.released) return { allowed: false, reason: 'NOT_RELEASED' };
  return { allowed: true, changes: enquiry.closed !== closed };
}
