import { canSeeUsersOf, canWriteUsersOf, userReadScope } from '@portal/domain/permissions';
import { creationFields, diffFields } from '@portal/domain/rules/change-diff';
import type {
  UserResponse,
  userBody,
  userExternalGuestNotice,
  userListQuery,
} from '@portal/domain/schemas/user';
import type { z } from 'zod';
import type { RequestActor } from '../../auth/actor';
import { unusablePasswordHash } from '../../auth/password';
import { revokePasswordCodes } from '../../auth/password-token';
import type { Db, DbOrTx } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { listChanges, recordChanges } from '../audit';
import { findCompany } from '../company';
import { inviteUser } from './invite-user';
import { insertUserWithPassword } from './user.repository';
import {
  countOtherAdmins,
  deleteSessionsOf,
  deleteUsers,
  findLastLogins,
  findUserByEmail,
  findUsers,
  findUsersByIds,
  findUserWithCompany,
  type UserWithCompany,
  updateUser,
} from './user-admin.repository';

type UserInput = z.output<typeof userBody>;
type UserListQuery = z.output<typeof userListQuery>;
type ExternalGuestNotice = z.output<typeof userExternalGuestNotice>;
type CreatedOrAssigned = { userId: string; assignedExternal: boolean };

const AUDITED_FIELDS = ['name', 'lastname', 'email', 'phoneNumber', 'admin', 'companyId'] as const;

export function toUserItem({ user, company }: UserWithCompany) {
  return {
    id: user.id,
    name: user.name,
    lastname: user.lastname,
    mail: user.email,
    phoneNumber: user.phoneNumber,
    admin: user.admin,
    companyId: user.companyId,
    company,
    passwordChangeNeeded: user.passwordChangeNeeded,
    loginCounter: user.loginCounter,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createDate: user.createdAt.toISOString(),
    lastUpdate: user.updatedAt.toISOString(),
  };
}

export function createUserAdminService(deps: { db: Db; queue: JobQueue; baseUrl: string }) {
  const { db } = deps;

  function assertCanRead(actor: RequestActor): void {
    if (userReadScope(actor) === 'none') throw new AppError('FORBIDDEN');
  }

  /** Another tenant's user is answered as not found (ARCHITECTURE §2), never leaked. */
  async function loadVisible(tx: DbOrTx, actor: RequestActor, id: string): Promise<UserWithCompany> {
    assertCanRead(actor);
    const row = await findUserWithCompany(tx, id);
    if (!row || !canSeeUsersOf(actor, row.user.companyId)) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * The user with its history. The operator sees all of it; a customer's or supplier's admin only what
   * happened since the user joined that company: a guest's or another tenant's past stays hidden (ASVS 8.2.2).
   */
  async function detail(actor: RequestActor, row: UserWithCompany): Promise<UserResponse> {
    const options = actor.companyType === 'ADMIN' ? {} : { afterLastChangeOf: 'companyId' };
    return { ...toUserItem(row), changeEntries: await listChanges(db, 'USER', row.user.id, options) };
  }

  async function list(
    actor: RequestActor,
    query: Omit<UserListQuery, 'page' | 'paginationSize'> & { page: number; paginationSize: number },
  ) {
    assertCanRead(actor);
    const companyId = userReadScope(actor) === 'ownCompany' ? actor.companyId : query.companyId;
    const { rows, total } = await findUsers(db, {
      search: query.search,
      companyId,
      column: query.column,
      descending: query.sortDescending,
      page: query.page,
      pageSize: query.paginationSize,
    });
    return { content: rows.map(toUserItem), totalElements: total };
  }

  async function get(actor: RequestActor, id: string) {
    return detail(actor, await loadVisible(db, actor, id));
  }

  async function byCompany(actor: RequestActor, companyId: string) {
    assertCanRead(actor);
    if (!canSeeUsersOf(actor, companyId)) throw new AppError('NOT_FOUND');
    const { rows } = await findUsers(db, {
      companyId,
      column: 'lastname',
      descending: false,
      page: 0,
      pageSize: 1000,
    });
    return rows.map(toUserItem);
  }

  /** Mails the invitation to set the first password, in the transaction that creates or changes the user. */
  function invite(
    tx: DbOrTx,
    user: { id: string; email: string; name: string; lastname: string },
    companyName: string,
  ) {
    return inviteUser(tx, deps, user, companyName);
  }

  /** The company a new or changed user belongs to: chosen by the operator, fixed to the own one otherwise. */
  async function targetCompany(tx: DbOrTx, actor: RequestActor, requested: string | undefined) {
    // Customers' and suppliers' admins work on their own company only, never on another one.
    if (actor.companyType !== 'ADMIN' && requested && requested !== actor.companyId)
      throw new AppError('FORBIDDEN');
    const companyId = actor.companyType === 'ADMIN' ? requested : actor.companyId;
    if (!companyId) throw new AppError('VALIDATION', 'Bitte wählen Sie ein Unternehmen.');
    if (!canWriteUsersOf(actor, companyId)) throw new AppError('FORBIDDEN');
    const company = await findCompany(tx, companyId);
    if (!company) throw new AppError('NOT_FOUND');
    if (!company.active)
      throw new AppError('VALIDATION', 'Nutzer können nur aktiven Unternehmen zugeordnet werden.');
    return company;
  }

  /**
   * SPEC §7 POST /user/: creates the user and mails an invitation (201); any other known address: 409.
   * An address of an external guest (SPEC §5/§8): the operator's admin assigns the guest to the company
   * (200, the web app warns); a customer's or supplier's admin changes nothing and is told to contact the
   * operator (202), never taking over the guest, its sessions or its history (ASVS 8.2.2).
   */
  async function create(
    actor: RequestActor,
    input: UserInput,
  ): Promise<ExternalGuestNotice | (UserResponse & { assignedExternal: boolean })> {
    // The account gets an unusable random password until the invitation link sets a real one.
    const passwordHash = await unusablePasswordHash();
    const result = await db.transaction(async (tx): Promise<ExternalGuestNotice | CreatedOrAssigned> => {
      const company = await targetCompany(tx, actor, input.companyId);
      const existing = await findUserByEmail(tx, input.mail);
      if (existing) {
        if (existing.company.type !== 'EXTERNAL' || company.type === 'EXTERNAL')
          throw new AppError('EMAIL_IN_USE');
        if (actor.companyType !== 'ADMIN') return { externalGuest: true as const };
        const values = {
          name: input.name,
          lastname: input.lastname,
          phoneNumber: input.phoneNumber,
          admin: input.admin,
          companyId: company.id,
        };
        await updateUser(tx, existing.user.id, values);
        await deleteSessionsOf(tx, existing.user.id);
        await recordChanges(
          tx,
          { entityType: 'USER', entityId: existing.user.id, userId: actor.userId },
          diffFields(existing.user, values, AUDITED_FIELDS),
        );
        return { userId: existing.user.id, assignedExternal: true };
      }
      const created = await insertUserWithPassword(
        tx,
        {
          name: input.name,
          lastname: input.lastname,
          email: input.mail,
          phoneNumber: input.phoneNumber,
          admin: input.admin,
          companyId: company.id,
        },
        passwordHash,
      );
      await recordChanges(
        tx,
        { entityType: 'USER', entityId: created.id, userId: actor.userId },
        creationFields(created, AUDITED_FIELDS),
      );
      // The invitation exists exactly when the user does: code and mail job commit with the user.
      await invite(tx, created, company.name);
      return { userId: created.id, assignedExternal: false };
    });
    if ('externalGuest' in result) return result;
    const row = await findUserWithCompany(db, result.userId);
    return { ...(await detail(actor, row!)), assignedExternal: result.assignedExternal };
  }

  /** Saves the user form based on the state it was loaded with (`lastUpdate`, db/last-update.ts). */
  async function update(actor: RequestActor, saved: { id: string; lastUpdate: string }, input: UserInput) {
    const { id } = saved;
    const row = await db.transaction(async (tx) => {
      const before = await loadVisible(tx, actor, id);
      if (!canWriteUsersOf(actor, before.user.companyId)) throw new AppError('FORBIDDEN');
      const updatedAt = await claimLoadedState(tx, users, id, { ...saved, userId: actor.userId });
      const company = await targetCompany(tx, actor, input.companyId ?? before.user.companyId);
      if (
        actor.userId === id &&
        before.user.admin &&
        !input.admin &&
        (await countOtherAdmins(tx, before.user.companyId, id)) === 0
      ) {
        throw new AppError('LAST_ADMIN');
      }
      if (input.mail !== before.user.email) {
        const taken = await findUserByEmail(tx, input.mail);
        if (taken && taken.user.id !== id) throw new AppError('EMAIL_IN_USE');
      }
      const values = {
        name: input.name,
        lastname: input.lastname,
        email: input.mail,
        phoneNumber: input.phoneNumber,
        admin: input.admin,
        companyId: company.id,
      };
      await updateUser(tx, id, { ...values, updatedAt });
      if (company.id !== before.user.companyId) await deleteSessionsOf(tx, id);
      if (input.mail !== before.user.email) {
        // ASVS 6.4.1: codes mailed to the old address die with it; an open invitation follows the
        // corrected address (a mistyped one must never keep a way into the account).
        const { liveInvitation } = await revokePasswordCodes(tx, id);
        if (liveInvitation) await invite(tx, { ...before.user, ...values }, company.name);
      }
      await recordChanges(
        tx,
        { entityType: 'USER', entityId: id, userId: actor.userId },
        diffFields(before.user, values, AUDITED_FIELDS),
      );
      return (await findUserWithCompany(tx, id))!;
    });
    return detail(actor, row);
  }

  /**
   * Deletes the users the actor may write. Asking for oneself alone is refused (409); other tenants'
   * users are never revealed: if none of the ids is visible the answer is 404, else they land in `failed`.
   */
  async function remove(actor: RequestActor, ids: string[]) {
    assertCanRead(actor);
    if (actor.companyType === 'ADMIN' && !actor.admin) throw new AppError('FORBIDDEN');
    if (ids.length === 1 && ids[0] === actor.userId) throw new AppError('SELF_DELETE');
    const visible = (await findUsersByIds(db, ids)).filter((user) => canSeeUsersOf(actor, user.companyId));
    if (visible.length === 0) throw new AppError('NOT_FOUND');
    const deletable = visible
      .filter((user) => user.id !== actor.userId && canWriteUsersOf(actor, user.companyId))
      .map((user) => user.id);
    await deleteUsers(db, deletable);
    return { deleted: deletable, failed: ids.filter((id) => !deletable.includes(id)) };
  }

  async function lastLogins(actor: RequestActor) {
    if (actor.companyType !== 'ADMIN') throw new AppError('FORBIDDEN');
    const rows = await findLastLogins(db, 10);
    return rows.map((row) => ({ ...row, lastLoginAt: row.lastLoginAt!.toISOString() }));
  }

  return { list, get, byCompany, create, update, remove, lastLogins };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
