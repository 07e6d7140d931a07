import { createHash } from 'node:crypto';
import {
  anonymousFolderRights,
  type FolderAccessFacts,
  type FolderRights,
  folderRights,
} from '@portal/domain/permissions';
import type { FolderViewer } from '@portal/domain/schemas/business-data';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { RequestActor } from '../../auth/actor';
import { readFolderCookie } from '../../auth/folder-cookie';
import type { DbOrTx } from '../../db/client';
import {
  businessFolderSessions,
  businessFolderShares,
  businessFolders,
  companies,
  offers,
} from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Issue 15, points 4 and 5: who asks for a project folder and what they may do. Every folder call starts
 * here, downloads included: a signed-in user by domain/permissions-folder.ts, an anonymous visitor by the
 * folder token of its cookie. No right means 404 (412 where the password gate can still open it).
 */

/** 64 hex characters (db/schema/business-data.ts); anything else is not found. */
export const FOLDER_ID = /^[0-9a-f]{64}$/;

/** How long an anonymous session lasts after the password was entered. */
export const FOLDER_SESSION_TTL_MS = 2 * 60 * 60 * 1000;

export function hashFolderToken(token: string): string {
  return createHash('sha256').update(`business-folder:${token}`).digest('base64url');
}

/** Today in the portal's time zone, as the visibility entries' last day is meant (YYYY-MM-DD). */
export function berlinToday(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(now);
}

const customer = alias(companies, 'folder_customer');
const supplier = alias(companies, 'folder_supplier');

/**
 * The folder with the facts of its offer: the latest version of the lineage (what the supplier works on) and
 * whether the customer may see it at all (a version was released; the customer's version is `customerOfferId`).
 */
export async function loadFolder(db: DbOrTx, folderId: string) {
  if (!FOLDER_ID.test(folderId)) return null;
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
      customerOfferId: sql<string | null>`(select c.id from offers c
        where c.lineage_id = ${businessFolders.lineageId} and c.customer_current limit 1)`,
    })
    .from(businessFolders)
    .innerJoin(offers, eq(offers.lineageId, businessFolders.lineageId))
    .innerJoin(supplier, eq(supplier.id, offers.supplierId))
    .innerJoin(customer, eq(customer.id, offers.customerId))
    .where(eq(businessFolders.id, folderId))
    .orderBy(desc(offers.version))
    .limit(1);
  return row ?? null;
}
export type LoadedFolder = NonNullable<Awaited<ReturnType<typeof loadFolder>>>;

/** A readable name of the folder for mails and notifications: the numbers as the folder page shows them. */
export function folderLabel(found: LoadedFolder): string {
  const { referenceNumber, offerNumber, customerName } = found;
  return [referenceNumber ?? offerNumber, customerName].filter(Boolean).join(', ');
}

export function accessFacts(found: LoadedFolder): FolderAccessFacts {
  return {
    supplierId: found.supplierId,
    customerId: found.customerId,
    customerMayRead: found.customerOfferId !== null,
    types: found.folder.types,
    allowExternal: found.folder.allowExternal,
    allowAnonymous: found.folder.allowAnonymous && found.folder.passwordHash !== null,
    anonymousWrite: found.folder.anonymousWrite,
  };
}

export interface FolderAccess {
  found: LoadedFolder;
  viewer: FolderViewer;
  rights: FolderRights;
  /** The signed-in user (MEMBER, GUEST), or null for an anonymous visitor. */
  actor: RequestActor | null;
  /** The anonymous session (ANONYMOUS). */
  sessionId: string | null;
  /** For the access log: the user's e-mail or the anonymous session. */
  label: string;
  ip: string;
}

/** The anonymous session of the request's folder cookie, if it is valid now. */
async function anonymousSession(db: DbOrTx, request: FastifyRequest, folderId: string) {
  const token = readFolderCookie(request.headers.cookie, folderId);
  if (!token) return null;
  const [session] = await db
    .select({ id: businessFolderSessions.id })
    .from(businessFolderSessions)
    .where(
      and(
        eq(businessFolderSessions.folderId, folderId),
        eq(businessFolderSessions.tokenHash, hashFolderToken(token)),
        gt(businessFolderSessions.expiresAt, new Date()),
      ),
    );
  return session ?? null;
}

export function anonymousLabel(sessionId: string): string {
  return `Anonymer Besucher (Sitzung ${sessionId.slice(0, 8)})`;
}

/**
 * Resolves who asks for `folderId`, on a route declared `auth: 'optional'`. `need` is the right the call
 * requires: without it the folder does not exist for the asker (404), except that a visitor without any
 * right meets the password gate (412) while anonymous access is on. Who may read the folder but lacks `need`
 * gets 403.
 */
export async function resolveFolderAccess(
  db: DbOrTx,
  request: FastifyRequest,
  folderId: string,
  need: keyof FolderRights = 'read',
): Promise<FolderAccess> {
  const found = await loadFolder(db, folderId);
  if (!found) throw new AppError('NOT_FOUND');
  const facts = accessFacts(found);
  const actor = request.actor;
  const base = { found, ip: request.ip };
  if (actor) {
    const shares = await db
      .select()
      .from(businessFolderShares)
      .where(
        and(
          eq(businessFolderShares.folderId, folderId),
          eq(businessFolderShares.email, actor.email.toLowerCase()),
        ),
      );
    const rights = folderRights(actor, facts, shares, berlinToday());
    if (rights.read) {
      if (!rights[need]) throw new AppError('FORBIDDEN');
      const member =
        (actor.companyId === facts.supplierId && actor.companyType === 'SUPPLIER') ||
        (actor.companyId === facts.customerId && actor.companyType === 'CUSTOMER' && facts.customerMayRead);
      return {
        ...base,
        viewer: member ? 'MEMBER' : 'GUEST',
        rights,
        actor,
        sessionId: null,
        label: actor.email,
      };
    }
  }
  if (facts.allowAnonymous) {
    const session = await anonymousSession(db, request, folderId);
    if (session) {
      const rights = anonymousFolderRights(facts);
      if (!rights[need]) throw new AppError('FORBIDDEN');
      return {
        ...base,
        viewer: 'ANONYMOUS',
        rights,
        actor: null,
        sessionId: session.id,
        label: anonymousLabel(session.id),
      };
    }
    throw new AppError('FOLDER_NOT_AUTHENTICATED');
  }
  throw new AppError('NOT_FOUND');
}
