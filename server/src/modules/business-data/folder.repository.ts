import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  businessFolderSessions,
  businessFolderShares,
  businessFolders,
  companies,
  enquiries,
  folderShareDefaults,
  offers,
} from '../../db/schema';

/**
 * The project folder's own rows: the folder with its offer's facts, its settings and password, the
 * anonymous sessions, the visibility entries and the operator's default runtimes. Queries only; who may do
 * what is decided in folder-access.ts and the services.
 */

const customer = alias(companies, 'folder_customer');
const supplier = alias(companies, 'folder_supplier');

/**
 * The folder with the facts of its offer: the latest version of the lineage (what the supplier works on) and
 * whether the customer may see it at all (a version was released; the customer's version is `customerOfferId`).
 */
export async function findFolderWithOffer(db: DbOrTx, folderId: string) {
  const [row] = await db
    .select({
      folder: businessFolders,
      offerId: offers.id,
      offerNumber: offers.offerNumber,
      referenceNumber: offers.referenceNumber,
      version: offers.version,
      state: offers.state,
      supplierId: offers.supplierId,
      customerId: offers.customerId,
      supplierName: supplier.name,
      customerName: customer.name,
      /** The project's name (the enquiry's title), for the guest's invitation. */
      enquiryTitle: enquiries.title,
      customerOfferId: sql<string | null>`(select c.id from offers c
        where c.lineage_id = ${businessFolders.lineageId} and c.customer_current limit 1)`,
    })
    .from(businessFolders)
    .innerJoin(offers, eq(offers.lineageId, businessFolders.lineageId))
    .innerJoin(supplier, eq(supplier.id, offers.supplierId))
    .innerJoin(customer, eq(customer.id, offers.customerId))
    .innerJoin(enquiries, eq(enquiries.id, offers.enquiryId))
    .where(eq(businessFolders.id, folderId))
    .orderBy(desc(offers.version))
    .limit(1);
  return row ?? null;
}

/**
 * Takes the folder's row lock (FOR UPDATE) for the rest of the transaction: serialises uploads, deletions
 * and alerts of one folder. false: no such folder.
 */
export async function lockFolderRow(tx: DbOrTx, folderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: businessFolders.id })
    .from(businessFolders)
    .where(eq(businessFolders.id, folderId))
    .for('update');
  return row !== undefined;
}

export async function findFolderPasswordHash(db: DbOrTx, folderId: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: businessFolders.passwordHash })
    .from(businessFolders)
    .where(eq(businessFolders.id, folderId));
  return row?.passwordHash ?? null;
}

export async function updateFolderSettings(
  tx: DbOrTx,
  folderId: string,
  settings: Pick<
    typeof businessFolders.$inferInsert,
    'types' | 'allowExternal' | 'allowAnonymous' | 'anonymousWrite'
  >,
): Promise<void> {
  await tx
    .update(businessFolders)
    .set({
      types: settings.types,
      allowExternal: settings.allowExternal,
      allowAnonymous: settings.allowAnonymous,
      anonymousWrite: settings.anonymousWrite,
    })
    .where(eq(businessFolders.id, folderId));
}

/** A new password (and optionally the anonymous switch), stamped as a change of the settings. */
export async function updateFolderPassword(
  tx: DbOrTx,
  folderId: string,
  change: { passwordHash: string; allowAnonymous?: boolean; updatedAt: Date; updatedBy: string | null },
): Promise<void> {
  await tx
    .update(businessFolders)
    .set({
      passwordHash: change.passwordHash,
      ...(change.allowAnonymous === undefined ? {} : { allowAnonymous: change.allowAnonymous }),
      updatedAt: change.updatedAt,
      updatedBy: change.updatedBy,
    })
    .where(eq(businessFolders.id, folderId));
}

/** The anonymous session of `tokenHash` on the folder, if it has not expired by `now`. */
export async function findLiveFolderSession(
  db: DbOrTx,
  folderId: string,
  tokenHash: string,
  now: Date,
): Promise<{ id: string } | null> {
  const [session] = await db
    .select({ id: businessFolderSessions.id })
    .from(businessFolderSessions)
    .where(
      and(
        eq(businessFolderSessions.folderId, folderId),
        eq(businessFolderSessions.tokenHash, tokenHash),
        gt(businessFolderSessions.expiresAt, now),
      ),
    );
  return session ?? null;
}

export async function insertFolderSession(
  tx: DbOrTx,
  values: { folderId: string; tokenHash: string; ip: string; expiresAt: Date },
): Promise<{ id: string }> {
  const [created] = await tx
    .insert(businessFolderSessions)
    .values(values)
    .returning({ id: businessFolderSessions.id });
  return created!;
}

/** Ends every anonymous session of the folder. */
export async function deleteFolderSessions(tx: DbOrTx, folderId: string): Promise<void> {
  await tx.delete(businessFolderSessions).where(eq(businessFolderSessions.folderId, folderId));
}

/** The visibility entries of the folder for one e-mail (stored lower-case). */
export async function findFolderSharesFor(db: DbOrTx, folderId: string, email: string) {
  return db
    .select()
    .from(businessFolderShares)
    .where(and(eq(businessFolderShares.folderId, folderId), eq(businessFolderShares.email, email)));
}

/** All visibility entries of the folder, by e-mail. */
export async function listFolderShares(db: DbOrTx, folderId: string) {
  return db
    .select()
    .from(businessFolderShares)
    .where(eq(businessFolderShares.folderId, folderId))
    .orderBy(asc(businessFolderShares.email));
}

/** Adds a visibility entry or replaces the end date and rights of the existing one. */
export async function upsertFolderShare(
  tx: DbOrTx,
  share: { folderId: string; email: string; createdBy: string },
  values: { endDate: string | null; read: boolean; write: boolean },
): Promise<void> {
  await tx
    .insert(businessFolderShares)
    .values({ ...share, ...values })
    .onConflictDoUpdate({
      target: [businessFolderShares.folderId, businessFolderShares.email],
      set: values,
    });
}

/** Removes the folder's entry of `email`; the removed e-mails (none or one). */
export async function deleteFolderShare(tx: DbOrTx, folderId: string, email: string): Promise<string[]> {
  const rows = await tx
    .delete(businessFolderShares)
    .where(and(eq(businessFolderShares.folderId, folderId), eq(businessFolderShares.email, email)))
    .returning({ email: businessFolderShares.email });
  return rows.map((row) => row.email);
}

/** The operator's default runtime of an invitation for a company type, in days (null: none set). */
export async function findFolderShareDefault(
  db: DbOrTx,
  companyType: 'CUSTOMER' | 'SUPPLIER',
): Promise<number | null> {
  const [row] = await db
    .select({ days: folderShareDefaults.expiryDays })
    .from(folderShareDefaults)
    .where(eq(folderShareDefaults.companyType, companyType));
  return row?.days ?? null;
}

export async function upsertFolderShareDefault(
  tx: DbOrTx,
  companyType: 'CUSTOMER' | 'SUPPLIER',
  values: { expiryDays: number | null; updatedAt: Date },
): Promise<void> {
  await tx
    .insert(folderShareDefaults)
    .values({ companyType, ...values })
    .onConflictDoUpdate({ target: folderShareDefaults.companyType, set: values });
}
