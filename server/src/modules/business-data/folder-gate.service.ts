import { randomBytes } from 'node:crypto';
import { anonymousFolderRights } from '@portal/domain/permissions';
import type { FolderCheckBody, FolderPublicInfo, FolderResponse } from '@portal/domain/schemas/business-data';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { throttleAddress } from '../../auth/attempts';
import { folderCookieHeader } from '../../auth/folder-cookie';
import { verifyPassword } from '../../auth/password';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { insertFolderSession } from './folder.repository';
import {
  accessFacts,
  anonymousLabel,
  FOLDER_SESSION_TTL_MS,
  type FolderAccess,
  hashFolderToken,
  loadFolder,
} from './folder-access';
import {
  alertFolderAdmins,
  FOLDER_PASSWORD_WINDOW,
  folderBrakeClock,
  folderBrakeMessage,
  folderBrakeWaitSeconds,
  loadFolderFailures,
  recordFolderFailure,
} from './folder-brake';
import { recordFolderEvent } from './folder-log';
import { buildFolderResponse } from './folder-view';

/**
 * The password gate of a project folder for anonymous visitors (SPEC §4: anonymous access
 * needs a password; §8: 403 wrong password, 412 not authenticated). A right password opens a session for
 * this one folder (an httpOnly cookie holding a random token, stored as its hash). Guessing is throttled per
 * folder and address, and braked per folder for the addresses that failed (folder-brake.ts); addresses
 * without failures keep their access, so nobody can lock the visitors of a folder out.
 */

/** Anonymous visitors without a name in the log, before a session exists. */
export const ANONYMOUS_VISITOR = 'Anonymer Besucher';

export function createFolderGateService(deps: { db: Db }) {
  const { db } = deps;

  /** GET /public: whether the password gate can open the folder; an unknown id answers the same as "no". */
  async function publicInfo(folderId: string): Promise<FolderPublicInfo> {
    const found = await loadFolder(db, folderId);
    return { anonymousAllowed: found !== null && accessFacts(found).allowAnonymous };
  }

  /** POST /check: the password gate. */
  async function check(
    request: FastifyRequest,
    reply: FastifyReply,
    body: FolderCheckBody,
  ): Promise<FolderResponse> {
    const found = await loadFolder(db, body.folderId);
    if (!found || !accessFacts(found).allowAnonymous || !found.folder.passwordHash)
      throw new AppError('NOT_FOUND');
    const folderId = found.folder.id;
    const address = throttleAddress(request.ip);
    const failures = await loadFolderFailures(db, folderId, address);
    // Limited or braked: refused even with the right password (before it is checked, so a waiting try
    // reveals nothing), or the limit would only slow a guesser down.
    if (failures.pair >= FOLDER_PASSWORD_WINDOW.limit) {
      throw new AppError('FOLDER_THROTTLED', undefined, {
        retryAfterSeconds: FOLDER_PASSWORD_WINDOW.windowMs / 1000,
      });
    }
    const wait = folderBrakeWaitSeconds(failures, folderBrakeClock.now());
    if (wait > 0)
      throw new AppError('FOLDER_THROTTLED', folderBrakeMessage(wait), { retryAfterSeconds: wait });
    const right = await verifyPassword({ hash: found.folder.passwordHash, password: body.password });
    if (!right) {
      await db.transaction(async (tx) => {
        await recordFolderFailure(tx, folderId, address);
        await recordFolderEvent(tx, {
          folderId,
          userId: null,
          label: ANONYMOUS_VISITOR,
          sessionId: null,
          ip: request.ip,
          action: 'PASSWORD_WRONG',
        });
        await alertFolderAdmins(tx, found, failures.folder + 1);
      });
      throw new AppError('FOLDER_WRONG_PASSWORD');
    }
    const token = randomBytes(32).toString('base64url');
    const session = await db.transaction(async (tx) => {
      const created = await insertFolderSession(tx, {
        folderId,
        tokenHash: hashFolderToken(token),
        ip: request.ip,
        expiresAt: new Date(Date.now() + FOLDER_SESSION_TTL_MS),
      });
      await recordFolderEvent(tx, {
        folderId,
        userId: null,
        label: anonymousLabel(created.id),
        sessionId: created.id,
        ip: request.ip,
        action: 'PASSWORD_OK',
      });
      return created;
    });
    reply.header(
      'set-cookie',
      folderCookieHeader(folderId, token, FOLDER_SESSION_TTL_MS / 1000, request.protocol === 'https'),
    );
    const access: FolderAccess = {
      found,
      viewer: 'ANONYMOUS',
      rights: anonymousFolderRights(accessFacts(found)),
      actor: null,
      sessionId: session.id,
      label: anonymousLabel(session.id),
      ip: request.ip,
    };
    return buildFolderResponse(db, access);
  }

  return { publicInfo, check };
}
