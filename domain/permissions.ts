import type { CompanyType } from './enums';

/**
 * Who asks: resolved from the session on every request (ARCHITECTURE §2). Pure data, so the same
 * permission functions run on the server (enforcing) and in the web app (hiding actions).
 */
export interface Actor {
  userId: string;
  companyId: string;
  companyType: CompanyType;
  admin: boolean;
  pendingRegistration: boolean;
  passwordChangeNeeded: boolean;
}

/** SPEC §2/§4: a pending registration or a forced password change confines the user to the profile. */
export function isActorGated(actor: Actor): boolean {
  return actor.pendingRegistration || actor.passwordChangeNeeded;
}

/** SPEC §7 GET /user/update/counter: users count their own sign-ins only. */
export function canUpdateLoginCounter(actor: Actor, userId: string): boolean {
  return actor.userId === userId;
}

/** SPEC §6: companies are managed by the operator's administrators only. */
export function canManageCompanies(actor: Actor): boolean {
  return actor.companyType === 'ADMIN' && actor.admin;
}

function isTrading(actor: Actor): boolean {
  return actor.companyType === 'CUSTOMER' || actor.companyType === 'SUPPLIER';
}

/**
 * SPEC §6: which users an actor may see. The operator sees everyone (its non-admin staff
 * read-only); a customer's or supplier's admin sees the users of the own company; everyone else none.
 */
export function userReadScope(actor: Actor): 'all' | 'ownCompany' | 'none' {
  if (actor.companyType === 'ADMIN') return 'all';
  if (isTrading(actor) && actor.admin) return 'ownCompany';
  return 'none';
}

/**
 * SPEC §6: the names of all companies, for the company filter of the user list: whoever sees the
 * users of every company (the operator, its staff too) may filter them by company.
 */
export function canListCompanyNames(actor: Actor): boolean {
  return userReadScope(actor) === 'all';
}

/** May the actor create, change or delete users of `companyId`? */
export function canWriteUsersOf(actor: Actor, companyId: string): boolean {
  if (actor.companyType === 'ADMIN') return actor.admin;
  return isTrading(actor) && actor.admin && actor.companyId === companyId;
}

/** May the actor see a user of `companyId` at all (else the user is answered as not found)? */
export function canSeeUsersOf(actor: Actor, companyId: string): boolean {
  const scope = userReadScope(actor);
  return scope === 'all' || (scope === 'ownCompany' && actor.companyId === companyId);
}

/** SPEC §2/§6: field values (manufacturers, units, discount groups, wholesalers, E-Class) are maintained by operator admins. */
export function canManageMasterData(actor: Actor): boolean {
  return actor.companyType === 'ADMIN' && actor.admin;
}

/**
 * SPEC §6: the operator's staff without admin flag work on articles and the BOM import, so they read the
 * field values (selects, search) but do not change them.
 */
export function canReadMasterData(actor: Actor): boolean {
  return actor.companyType === 'ADMIN';
}

/**
 * SPEC §2/§6: the whole operator reaches the article catalog; its administrators maintain it, its staff
 * without admin flag search, read and export it (and assign unmatched BOM articles, see below).
 */
export function canReadArticles(actor: Actor): boolean {
  return actor.companyType === 'ADMIN';
}

/** Create, change, delete articles (form, bulk delete). */
export function canWriteArticles(actor: Actor): boolean {
  return actor.companyType === 'ADMIN' && actor.admin;
}

/**
 * SPEC §4 manual assignment of an unmatched BOM article (POST /article/replace): part of the BOM import,
 * which the operator's staff without admin flag do too; it only adds alternative numbers to the chosen article.
 */
export function canAssignArticleMatches(actor: Actor): boolean {
  return actor.companyType === 'ADMIN';
}

/**
 * SPEC §2/§4 BOM import (/import/stueckliste): the operator's users, with or without the
 * admin flag, upload BOMs without an enquiry, map them and keep the matched results as a shared history.
 */
export function canUseBomImport(actor: Actor): boolean {
  return actor.companyType === 'ADMIN';
}

/** SPEC §2/§6: import configurations are maintained by the operator's administrators only. */
export function canManageImportConfigs(actor: Actor): boolean {
  return actor.companyType === 'ADMIN' && actor.admin;
}

/**
 * SPEC §1/§4 article import: started and ended by the operator's administrators (it changes the catalog and
 * needs an import configuration); the operator's staff see whether one is running (the article list shows it).
 */
export function canImportArticles(actor: Actor): boolean {
  return actor.companyType === 'ADMIN' && actor.admin;
}

export function canSeeArticleImport(actor: Actor): boolean {
  return actor.companyType === 'ADMIN';
}

/** Top folders of the file storage and what they hold (later issues add the project folders). */
export const FILE_FOLDERS = {
  /** Finished article exports (SPEC §7 GET /file/names?path=exportResult/). */
  exportResult: 'exportResult/',
  /** Uploaded article import files and their error reports, one folder per import run. */
  articleImport: 'articleImport/',
  /** Sample files of import configurations. */
  importSample: 'importSample/',
  /**
   * Files of enquiries, under generated keys `enquiry/<enquiryId>/<fileId>`. Closed to the
   * generic /file calls below: they are read and written only through the enquiry calls and their policy.
   */
  enquiry: 'enquiry/',
  /**
   * BOMs of the operator's BOM import, under generated keys `admin-bom/<id>/<fileId>`.
   * Closed to the generic /file calls like `enquiry`: read and removed only through /admin/bom.
   */
  adminBom: 'admin-bom/',
  /** Files of offers, `offer/<offerId>/<fileId>`; only through the offer calls and their policy. */
  offer: 'offer/',
  /** Project folder files, `business-data/<folderId>/<itemId>`; only through the folder calls. */
  businessData: 'business-data/',
} as const;

/**
 * Who may read (list, download) and write (upload, delete) a storage path. Export results belong to the
 * whole operator (its staff export articles too), writing them is for its administrators; import files and
 * samples only for the operator's administrators. Every other path is closed until its feature opens it.
 */
export function fileAccess(actor: Actor, path: string): { read: boolean; write: boolean } {
  const operator = actor.companyType === 'ADMIN';
  const operatorAdmin = operator && actor.admin;
  if (path.startsWith(FILE_FOLDERS.exportResult)) return { read: operator, write: operatorAdmin };
  if (path.startsWith(FILE_FOLDERS.articleImport) || path.startsWith(FILE_FOLDERS.importSample)) {
    return { read: operatorAdmin, write: operatorAdmin };
  }
  return { read: false, write: false };
}

/**
 * SPEC §6 enquiries: customers work on their own company's enquiries (every user of the company,
 * drafts included); suppliers read released, not archived enquiries addressed to them, never drafts; the
 * operator, externals and other tenants see nothing (an id is answered as not found, lists are empty).
 */
export interface EnquiryAccessFacts {
  customerId: string;
  released: boolean;
  archived: boolean;
  /** The enquiry's recipients include the actor's company (all active suppliers, or a chosen one). */
  addressedToActor: boolean;
}

/** New enquiries (and copies) are drafts of a customer company. */
export function canCreateEnquiry(actor: Actor): boolean {
  return actor.companyType === 'CUSTOMER';
}

export function canReadEnquiry(actor: Actor, enquiry: EnquiryAccessFacts): boolean {
  if (actor.companyType === 'CUSTOMER') return enquiry.customerId === actor.companyId;
  if (actor.companyType === 'SUPPLIER') {
    return enquiry.released && !enquiry.archived && enquiry.addressedToActor;
  }
  return false;
}

/** SPEC §4: the own company's drafts are edited (fields, files); after release everything is read-only. */
export function canWriteEnquiry(actor: Actor, enquiry: { customerId: string; released: boolean }): boolean {
  return actor.companyType === 'CUSTOMER' && enquiry.customerId === actor.companyId && !enquiry.released;
}

/** Archive, close, reopen, copy, release: the own company's enquiries, whatever their state. */
export function canManageEnquiry(actor: Actor, enquiry: { customerId: string }): boolean {
  return actor.companyType === 'CUSTOMER' && enquiry.customerId === actor.companyId;
}

/**
 * SPEC §6 offers: the supplier company that wrote an offer sees every version of it (drafts
 * included); the enquiry's customer company sees released versions only, never a draft; the operator,
 * externals and every other company see nothing (the offer is not there for them).
 */
export interface OfferAccessFacts {
  supplierId: string;
  customerId: string;
  released: boolean;
}

export function canReadOffer(actor: Actor, offer: OfferAccessFacts): boolean {
  if (actor.companyType === 'SUPPLIER') return offer.supplierId === actor.companyId;
  if (actor.companyType === 'CUSTOMER') return offer.customerId === actor.companyId && offer.released;
  return false;
}

/**
 * A supplier answers a released enquiry addressed to it that is neither closed nor
 * archived. Who is not addressed learns nothing (the enquiry is not there for them); a closed or archived
 * enquiry refuses the offer because of its state.
 */
export function canCreateOffer(actor: Actor): boolean {
  return actor.companyType === 'SUPPLIER';
}

/**
 * Files of an offer: the supplier on its draft (offer PDF) and on an accepted order (order confirmation);
 * the customer on a released, open offer (its order). Never on a revised (invalidated) or archived version.
 */
export function canUploadOfferFile(
  actor: Actor,
  offer: OfferAccessFacts & { state: string; invalidated: boolean; archived: boolean },
): boolean {
  if (offer.invalidated || offer.archived) return false;
  if (actor.companyType === 'SUPPLIER' && actor.companyId === offer.supplierId) {
    return !offer.released || offer.state === 'ACCEPTED';
  }
  if (actor.companyType === 'CUSTOMER' && actor.companyId === offer.customerId) {
    return offer.released && offer.state === 'OPEN';
  }
  return false;
}

export * from './permissions-chat';
export * from './permissions-folder';

/** The pricing settings of a supplier company (its purchase conditions): its administrators only. */
export function canManagePricing(actor: Actor): boolean {
  return actor.companyType === 'SUPPLIER' && actor.admin;
}
