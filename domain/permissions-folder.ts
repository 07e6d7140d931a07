import type { Actor } from './permissions';

/**
 * SPEC §6 project files: who may read, write and manage an offer's project folder.
 * Pure data in, rights out: the server enforces them on every folder call (download included), the web app
 * shows only what they allow.
 */

/** The company types whose non-admin users follow the folder's `types` map. */
export const FOLDER_COMPANY_TYPES = ['CUSTOMER', 'SUPPLIER'] as const;
export type FolderCompanyType = (typeof FOLDER_COMPANY_TYPES)[number];

export interface FolderRight {
  read: boolean;
  write: boolean;
}
export type FolderTypes = Record<FolderCompanyType, FolderRight>;

/** A visibility entry (SPEC §3): an e-mail, an optional last day (inclusive, YYYY-MM-DD) and its rights. */
export interface FolderVisibility {
  email: string;
  endDate: string | null;
  read: boolean;
  write: boolean;
}

export interface FolderAccessFacts {
  supplierId: string;
  customerId: string;
  /** The customer company sees a folder only once a version of the offer was released (never a draft). */
  customerMayRead: boolean;
  types: FolderTypes;
  allowExternal: boolean;
  allowAnonymous: boolean;
  /** Anonymous visitors may upload too (off by default: they read only). */
  anonymousWrite: boolean;
}

export interface FolderRights {
  read: boolean;
  write: boolean;
  /** Settings, password, invitations and the access log: the admins of the offer's two companies. */
  manage: boolean;
}

export const NO_FOLDER_RIGHTS: FolderRights = { read: false, write: false, manage: false };
const ALL_RIGHTS: FolderRights = { read: true, write: true, manage: true };

/** The new folder's default: both companies' users read and write. */
export const DEFAULT_FOLDER_TYPES: FolderTypes = {
  CUSTOMER: { read: true, write: true },
  SUPPLIER: { read: true, write: true },
};

/** An entry counts while its last day is absent or not yet past (`today` as YYYY-MM-DD). */
export function isVisibilityActive(entry: Pick<FolderVisibility, 'endDate'>, today: string): boolean {
  return entry.endDate === null || entry.endDate >= today;
}

/** The side of the offer the actor's company is on, if any. */
function sideOf(actor: Actor, folder: FolderAccessFacts): FolderCompanyType | null {
  if (actor.companyType === 'SUPPLIER' && actor.companyId === folder.supplierId) return 'SUPPLIER';
  if (actor.companyType === 'CUSTOMER' && actor.companyId === folder.customerId && folder.customerMayRead)
    return 'CUSTOMER';
  return null;
}

/**
 * A signed-in user's rights. Admins of the offer's companies always read, write and manage; their non-admin
 * colleagues follow the `types` map; everyone else (externals, other companies, the operator) only through
 * an active visibility entry of their e-mail (case-insensitive) while external sharing is on. No right at
 * all means the folder does not exist for them.
 */
export function folderRights(
  actor: Actor & { email: string },
  folder: FolderAccessFacts,
  visibilities: readonly FolderVisibility[],
  today: string,
): FolderRights {
  const side = sideOf(actor, folder);
  if (side && actor.admin) return ALL_RIGHTS;
  if (side) {
    const typed = folder.types[side];
    if (typed.read || typed.write)
      return { read: typed.read || typed.write, write: typed.write, manage: false };
  }
  if (!folder.allowExternal) return NO_FOLDER_RIGHTS;
  const email = actor.email.toLowerCase();
  const entry = visibilities.find(
    (candidate) => candidate.email.toLowerCase() === email && isVisibilityActive(candidate, today),
  );
  if (!entry || !(entry.read || entry.write)) return NO_FOLDER_RIGHTS;
  return { read: true, write: entry.write, manage: false };
}

/** An anonymous visitor holding a valid folder token: read, upload only when the settings allow it. */
export function anonymousFolderRights(folder: FolderAccessFacts): FolderRights {
  if (!folder.allowAnonymous) return NO_FOLDER_RIGHTS;
  return { read: true, write: folder.anonymousWrite, manage: false };
}

/** SPEC §6: viewing a PDF in the page needs read, as a download does. */
export function canViewFolderFile(rights: FolderRights): boolean {
  return rights.read;
}
