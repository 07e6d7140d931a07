import { createHash } from 'node:crypto';
import {
  anonymousFolderRights,
  type FolderAccessFacts,
  type FolderRights,
  folderRights,
} from '@portal/domain/permissions';
import { berlinToday } from '@portal/domain/rules/berlin-date';
import type { FolderViewer } from '@portal/domain/schemas/business-data';
import type { FastifyRequest } from 'fastify';
import type { RequestActor } from '../../auth/actor';
import { readFolderCookie } from '../../auth/folder-cookie';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findFolderSharesFor, findFolderWithOffer, findLiveFolderSession } from './folder.repository';

/**
 * SPEC §6 project files: who asks for a project folder and what they may do. Every folder call starts
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

/**
 * The folder with the facts of its offer (folder.repository.ts); an id of the wrong shape is not looked up.
 */
export async function loadFolder(db: DbOrTx, folderId: string) {
  if (!FOLDER_ID.test(folderId)) return null;
  return findFolderWithOffer(db, folderId);
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
  return findLiveFolderSession(db, folderId, hashFolderToken(token), new Date());
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
    const shares = await findFolderSharesFor(db, folderId, actor.email.toLowerCase());
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
