import { isVisibilityActive } from '@portal/domain/permissions';
import { berlinToday } from '@portal/domain/rules/berlin-date';
import type { FolderItem, FolderResponse, FolderSettings } from '@portal/domain/schemas/business-data';
import type { DbOrTx } from '../../db/client';
import { findFolderShareDefault, listFolderShares } from './folder.repository';
import type { FolderAccess } from './folder-access';
import { listFolderItemRows } from './folder-files.repository';

/**
 * SPEC §2 project folder: what the folder page shows to a resolved asker: the offer's facts, the files, the asker's rights
 * and, for those who manage it, the settings with the visibility entries. One builder for GET / and for the
 * calls that answer with the folder (check, settings, create).
 */

export const ANONYMOUS_UPLOADER = 'Anonymer Besucher';

export async function listFolderItems(db: DbOrTx, folderId: string): Promise<FolderItem[]> {
  const rows = await listFolderItemRows(db, folderId);
  return rows.map(({ item, uploader }) => ({
    id: item.id,
    filename: item.filename,
    size: item.size,
    downloadCounter: item.downloadCounter,
    lastUpdate: item.updatedAt.toISOString(),
    uploadedBy: item.uploadedAnonymously ? ANONYMOUS_UPLOADER : (uploader ?? 'Gelöschter Nutzer'),
  }));
}

/** The operator's default runtime of an invitation for a company type (SPEC §6 optional end date), in days. */
export async function defaultExpiryDays(db: DbOrTx, companyType: string): Promise<number | null> {
  if (companyType !== 'CUSTOMER' && companyType !== 'SUPPLIER') return null;
  return findFolderShareDefault(db, companyType);
}

async function settingsOf(db: DbOrTx, access: FolderAccess): Promise<FolderSettings> {
  const { folder } = access.found;
  const shares = await listFolderShares(db, folder.id);
  const today = berlinToday();
  return {
    types: folder.types,
    allowExternal: folder.allowExternal,
    allowAnonymous: folder.allowAnonymous,
    anonymousWrite: folder.anonymousWrite,
    passwordSet: folder.passwordHash !== null && folder.passwordHash !== '',
    visibilities: shares.map((share) => ({
      email: share.email,
      endDate: share.endDate,
      read: share.read,
      write: share.write,
      expired: !isVisibilityActive(share, today),
    })),
    defaultExpiryDays: await defaultExpiryDays(db, access.actor?.companyType ?? ''),
    lastUpdate: folder.updatedAt.toISOString(),
  };
}

export async function buildFolderResponse(db: DbOrTx, access: FolderAccess): Promise<FolderResponse> {
  const { found, actor } = access;
  // The offer itself opens only for its own companies: the customer's released version, the supplier's latest.
  let offerId: string | null = null;
  if (access.viewer === 'MEMBER' && actor) {
    offerId = actor.companyType === 'CUSTOMER' ? found.customerOfferId : found.offerId;
  }
  return {
    folderId: found.folder.id,
    offerId,
    referenceNumber: found.referenceNumber,
    offerNumber: found.offerNumber,
    version: found.version,
    state: found.state,
    customerName: found.customerName,
    supplierName: found.supplierName,
    viewer: access.viewer,
    rights: access.rights,
    items: await listFolderItems(db, found.folder.id),
    settings: access.rights.manage ? await settingsOf(db, access) : null,
  };
}
