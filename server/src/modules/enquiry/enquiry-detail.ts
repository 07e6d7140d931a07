import type { EnquiryResponse } from '@portal/domain/schemas/enquiry';
import type { RequestActor } from '../../auth/actor';
import type { DbOrTx } from '../../db/client';
import { listChanges } from '../audit';
import { toEnquiryResponse } from './enquiry.mapper';
import { type EnquiryRow, findFiles, findRecipients } from './enquiry.repository';

/** The enquiry as its form shows it, for `actor` (SPEC §3, §7 GET /enquiry/). */
export async function enquiryDetail(
  tx: DbOrTx,
  actor: RequestActor,
  row: EnquiryRow,
  customerName: string,
): Promise<EnquiryResponse> {
  const own = actor.companyType === 'CUSTOMER' && actor.companyId === row.customerId;
  const files = await findFiles(tx, row.id);
  // Suppliers never learn who else was asked, nor the customer's internal editing history.
  const recipients = own
    ? {
        mode: row.recipientsMode,
        suppliers: row.recipientsMode === 'CHOSEN' ? await findRecipients(tx, row.id) : [],
      }
    : null;
  const changeEntries = own ? await listChanges(tx, 'ENQUIRY', row.id) : [];
  return toEnquiryResponse(row, { customerName, files, recipients, changeEntries });
}
