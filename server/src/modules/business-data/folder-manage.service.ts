import { canManageMasterData, isVisibilityActive } from '@portal/domain/permissions';
import { addCalendarDays, berlinToday } from '@portal/domain/rules/berlin-date';
import type {
  FolderDefaults,
  FolderResponse,
  FolderSettingsBody,
  FolderShareResponse,
  folderPasswordBody,
  folderShareBody,
} from '@portal/domain/schemas/business-data';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import { type AttemptWindow, countAttempts, recordAttempt } from '../../auth/attempts';
import { hashPassword, unusablePasswordHash } from '../../auth/password';
import type { Db, DbOrTx } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { businessFolders } from '../../db/schema';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { sendMailJob } from '../../jobs/send-mail.job';
import { folderShareNoticeMail } from '../../mail/templates/folder-share-notice';
import type { GuestFolderInvitation } from '../../mail/templates/guest-invitation';
import { insertCompany } from '../company';
import { findUserByEmail, insertUserWithPassword, inviteUser } from '../user';
import {
  deleteFolderSessions,
  deleteFolderShare,
  findFolderPasswordHash,
  updateFolderPassword,
  updateFolderSettings,
  upsertFolderShare,
  upsertFolderShareDefault,
} from './folder.repository';
import { folderLabel, resolveFolderAccess } from './folder-access';
import { logOf, recordFolderEvent } from './folder-log';
import { buildFolderResponse, defaultExpiryDays } from './folder-view';

/**
 * SPEC §6 project settings: what the admins of the offer's companies decide about a folder: rights per company
 * type, external and anonymous access, the password, the visibility entries (an e-mail without account becomes
 * an invited external guest), and the operator's default runtime of an invitation. Every change is in the
 * access log; turning anonymous access off or a new password ends every anonymous session at once.
 */

export const END_DATE_PAST = 'Das Enddatum liegt in der Vergangenheit.';

/**
 * Each invitation of a new guest creates an account and sends a mail: at most 20 per inviting company in 24
 * hours, counted in the database for every server process (existing users gaining an entry do not count).
 */
export const GUEST_INVITE_WINDOW: AttemptWindow = {
  bucket: 'folder-guest-invite',
  limit: 20,
  windowMs: 24 * 60 * 60 * 1000,
};

type ShareInput = z.output<typeof folderShareBody>['visibilityEntries'][number];

export function createFolderManageService(deps: { db: Db; queue: JobQueue; baseUrl: string }) {
  const { db } = deps;

  /** The folder as the manager sees it after a change. */
  async function reopen(request: FastifyRequest, folderId: string): Promise<FolderResponse> {
    return buildFolderResponse(db, await resolveFolderAccess(db, request, folderId, 'manage'));
  }

  /** Saves the settings based on the state the manager loaded (`lastUpdate`, db/last-update.ts). */
  async function saveSettings(
    request: FastifyRequest,
    actor: RequestActor,
    body: FolderSettingsBody,
  ): Promise<FolderResponse> {
    const access = await resolveFolderAccess(db, request, body.folderId, 'manage');
    const folderId = access.found.folder.id;
    await db.transaction(async (tx) => {
      await claimLoadedState(tx, businessFolders, folderId, {
        lastUpdate: body.lastUpdate,
        userId: actor.userId,
      });
      const passwordHash = await findFolderPasswordHash(tx, folderId);
      if (body.allowAnonymous && !passwordHash) throw new AppError('FOLDER_PASSWORD_FIRST');
      await updateFolderSettings(tx, folderId, {
        types: body.types,
        allowExternal: body.allowExternal,
        allowAnonymous: body.allowAnonymous,
        anonymousWrite: body.anonymousWrite,
      });
      if (!body.allowAnonymous) await deleteFolderSessions(tx, folderId);
      await recordFolderEvent(tx, logOf(access, 'SETTINGS'));
    });
    return reopen(request, folderId);
  }

  async function setPassword(
    request: FastifyRequest,
    body: z.output<typeof folderPasswordBody>,
  ): Promise<FolderResponse> {
    const access = await resolveFolderAccess(db, request, body.folderId, 'manage');
    const folderId = access.found.folder.id;
    const hash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      await updateFolderPassword(tx, folderId, {
        passwordHash: hash,
        ...(body.allowAnonymous === undefined ? {} : { allowAnonymous: body.allowAnonymous }),
        // The settings changed: a settings form loaded before names this manager.
        updatedAt: new Date(),
        updatedBy: access.actor?.userId ?? null,
      });
      // A new password ends every anonymous session: whoever knew the old one must ask again.
      await deleteFolderSessions(tx, folderId);
      await recordFolderEvent(tx, logOf(access, 'PASSWORD_SET'));
    });
    return reopen(request, folderId);
  }

  /**
   * An e-mail without account becomes an external guest in its own EXTERNAL company and is invited to the
   * folder (`invitation`: the project, the inviting company and person). `passwordHashes` were made before
   * the transaction, one per guest expected to be new.
   */
  async function guestFor(
    tx: DbOrTx,
    email: string,
    invitation: GuestFolderInvitation,
    passwordHashes: string[],
  ): Promise<{ invited: boolean; name: string }> {
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      return { invited: false, name: `${existing.user.name} ${existing.user.lastname}`.trim() };
    }
    const company = await insertCompany(tx, { name: email, type: 'EXTERNAL' });
    const user = await insertUserWithPassword(
      tx,
      {
        name: email.split('@')[0] ?? email,
        lastname: '',
        email,
        phoneNumber: '',
        admin: false,
        companyId: company.id,
      },
      // Unusable until the invitation link sets a real one.
      passwordHashes.pop() ?? (await unusablePasswordHash()),
    );
    await inviteUser(tx, deps, user, company.name, invitation);
    return { invited: true, name: '' };
  }

  async function share(
    request: FastifyRequest,
    actor: RequestActor,
    folderId: string,
    entries: ShareInput[],
  ): Promise<FolderShareResponse> {
    const access = await resolveFolderAccess(db, request, folderId, 'manage');
    const today = berlinToday();
    const days = await defaultExpiryDays(db, actor.companyType);
    const wanted = new Map<string, ShareInput & { endDate: string | null }>();
    for (const entry of entries) {
      const endDate = entry.endDate ?? (days ? addCalendarDays(today, days) : null);
      if (endDate !== null && endDate < today) {
        throw new AppError('VALIDATION', END_DATE_PAST, {
          issues: [{ path: 'visibilityEntries.endDate', message: END_DATE_PAST }],
        });
      }
      wanted.set(entry.email, { ...entry, endDate });
    }
    let newGuests = 0;
    for (const email of wanted.keys()) if (!(await findUserByEmail(db, email))) newGuests += 1;
    if (
      newGuests > 0 &&
      (await countAttempts(db, GUEST_INVITE_WINDOW, actor.companyId)) + newGuests > GUEST_INVITE_WINDOW.limit
    ) {
      throw new AppError('FOLDER_INVITE_LIMIT');
    }
    const passwordHashes = await Promise.all(Array.from({ length: newGuests }, unusablePasswordHash));
    const sharedBy = access.found[actor.companyType === 'CUSTOMER' ? 'customerName' : 'supplierName'];
    const inviter = await findUserByEmail(db, actor.email);
    const invitation: GuestFolderInvitation = {
      folderId,
      projectTitle: access.found.enquiryTitle,
      folderLabel: folderLabel(access.found),
      invitingCompany: sharedBy,
      invitingPerson: inviter ? `${inviter.user.name} ${inviter.user.lastname}`.trim() : actor.email,
    };
    return db.transaction(async (tx) => {
      const result: FolderShareResponse = [];
      for (const entry of wanted.values()) {
        const values = { endDate: entry.endDate, read: entry.read || entry.write, write: entry.write };
        await upsertFolderShare(tx, { folderId, email: entry.email, createdBy: actor.userId }, values);
        const guest = await guestFor(tx, entry.email, invitation, passwordHashes);
        if (guest.invited) await recordAttempt(tx, GUEST_INVITE_WINDOW, actor.companyId);
        if (!guest.invited) {
          const mail = folderShareNoticeMail({
            to: entry.email,
            name: guest.name,
            sharedBy,
            folderLabel: folderLabel(access.found),
            endDate: values.endDate,
            baseUrl: deps.baseUrl,
            folderId,
          });
          await deps.queue.enqueue(sendMailJob, mail, { tx });
        }
        await recordFolderEvent(tx, logOf(access, 'SHARE', entry.email));
        result.push({
          email: entry.email,
          ...values,
          expired: !isVisibilityActive(values, today),
          invited: guest.invited,
        });
      }
      return result;
    });
  }

  async function unshare(request: FastifyRequest, folderId: string, email: string): Promise<void> {
    const access = await resolveFolderAccess(db, request, folderId, 'manage');
    const removed = await db.transaction(async (tx) => {
      const rows = await deleteFolderShare(tx, folderId, email.toLowerCase());
      if (rows.length > 0) await recordFolderEvent(tx, logOf(access, 'UNSHARE', rows[0]!));
      return rows.length;
    });
    if (removed === 0) throw new AppError('NOT_FOUND');
  }

  async function defaults(actor: RequestActor): Promise<FolderDefaults> {
    if (!canManageMasterData(actor)) throw new AppError('FORBIDDEN');
    return {
      CUSTOMER: await defaultExpiryDays(db, 'CUSTOMER'),
      SUPPLIER: await defaultExpiryDays(db, 'SUPPLIER'),
    };
  }

  async function saveDefaults(actor: RequestActor, body: FolderDefaults): Promise<FolderDefaults> {
    if (!canManageMasterData(actor)) throw new AppError('FORBIDDEN');
    await db.transaction(async (tx) => {
      for (const companyType of ['CUSTOMER', 'SUPPLIER'] as const) {
        await upsertFolderShareDefault(tx, companyType, {
          expiryDays: body[companyType],
          updatedAt: new Date(),
        });
      }
    });
    return defaults(actor);
  }

  return { saveSettings, setPassword, share, unshare, defaults, saveDefaults };
}
