import { decideEnquiryRelease } from '@portal/domain/rules/enquiry-status';
import type { EnquiryRecipients } from '@portal/domain/schemas/enquiry';
import type { RequestActor } from '../../../auth/actor';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../errors';
import { readTechnicalSpec } from '../enquiry.mapper';
import { manageableEnquiry } from '../enquiry.policy';
import { findActiveSuppliers, findFiles, insertRecipients, updateEnquiry } from '../enquiry.repository';
import { findBom } from '../enquiry-bom.repository';
import { enquiryDetail } from '../enquiry-detail';
import { auditEnquiry, type EnquiryCommandDeps } from './enquiry-command';
import { enquiryRefusal } from './enquiry-refusal';

/** CHOSEN recipients must be active supplier companies (else 400 naming the others). */
async function chosenSuppliers(tx: DbOrTx, recipients: EnquiryRecipients) {
  if (recipients.mode === 'ALL') return [];
  const ids = [...new Set(recipients.supplierIds)];
  const found = await findActiveSuppliers(tx, ids);
  if (found.length !== ids.length) {
    const message =
      'Die Anfrage kann nur an aktive Lieferanten gesendet werden. Bitte wählen Sie die Empfänger neu.';
    throw new AppError('VALIDATION', message, {
      issues: [{ path: 'body.recipients.supplierIds', message }],
    });
  }
  return found;
}

/**
 * SPEC §4 release: with every required field, a circuit diagram (PDF) and a BOM; otherwise 422 with the
 * warnings and nothing changes. Then read-only, sent to all active suppliers or to the chosen ones, who hear
 * of it through `enquiry.released` (notifications in this transaction).
 */
export function releaseEnquiry(
  deps: EnquiryCommandDeps,
  actor: RequestActor,
  id: string,
  recipients: EnquiryRecipients,
) {
  return deps.db.transaction(async (tx) => {
    const { enquiry, customerName } = await manageableEnquiry(tx, actor, id, { lock: true });
    const files = await findFiles(tx, id);
    const bom = await findBom(tx, id);
    const decision = decideEnquiryRelease(
      {
        ...enquiry,
        technicalSpec: readTechnicalSpec(enquiry.technicalSpec),
        bomMapped: bom?.mapping != null,
      },
      files,
    );
    if (!decision.allowed) throw enquiryRefusal(decision);
    const chosen = await chosenSuppliers(tx, recipients);
    const releaseDate = new Date();
    const after = await updateEnquiry(tx, id, {
      released: true,
      releaseDate,
      recipientsMode: recipients.mode,
    });
    await insertRecipients(
      tx,
      id,
      chosen.map((supplier) => supplier.id),
    );
    await auditEnquiry(tx, actor, id, [
      { field: 'released', oldValue: 'false', newValue: 'true' },
      { field: 'releaseDate', oldValue: null, newValue: releaseDate.toISOString() },
      {
        field: 'recipients',
        oldValue: null,
        newValue:
          recipients.mode === 'ALL'
            ? 'Alle aktiven Lieferanten'
            : chosen.map((supplier) => supplier.name).join('; '),
      },
    ]);
    await deps.events.emit(tx, 'enquiry.released', {
      enquiry: after,
      customerName,
      recipients: recipients.mode === 'ALL' ? 'ALL' : chosen.map((supplier) => supplier.id),
    });
    return enquiryDetail(tx, actor, after, customerName);
  });
}
