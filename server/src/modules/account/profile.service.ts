import { diffFields } from '@portal/domain/rules/change-diff';
import type { PasswordChangeBody, ProfileResponse, ProfileUpdateBody } from '@portal/domain/schemas/account';
import { APIError } from 'better-auth/api';
import type { RequestActor } from '../../auth/actor';
import { type AttemptWindow, clearAttempts, isLimited, recordAttempt } from '../../auth/attempts';
import type { Auth } from '../../auth/better-auth';
import { assertPasswordNotCommon } from '../../auth/password-policy';
import { revokePasswordCodes } from '../../auth/password-token';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { listChanges, recordChanges } from '../audit';
import { clearPasswordChangeNeeded, findProfileRow, updatePersonalData } from './account.repository';

/** Guessing the current password with a stolen session: 10 wrong tries per user in 15 minutes. */
export const PASSWORD_CHANGE_FAILURES: AttemptWindow = {
  bucket: 'password-change:user',
  limit: 10,
  windowMs: 15 * 60 * 1000,
};

/** The fields a user changes on the own profile, named as in the user's history (SPEC §3). */
const PROFILE_FIELDS = ['name', 'lastname', 'phoneNumber'] as const;

export interface ProfileDeps {
  db: Db;
  auth: Auth;
  bookingUrl?: string;
  docsUrl?: string;
}

export interface PasswordChangeResult {
  token: string;
  setCookies: string[];
}

/**
 * SPEC §2 Profile: every signed-in user sees and edits their own data only (the actor is the record),
 * also while the registration is pending or the initial password must be changed.
 */
export function createProfileService(deps: ProfileDeps) {
  const { db, auth } = deps;

  async function getProfile(actor: RequestActor): Promise<ProfileResponse> {
    const row = await findProfileRow(db, actor.userId);
    if (!row) throw new AppError('NOT_FOUND');
    const { user, company } = row;
    return {
      user: {
        id: user.id,
        name: user.name,
        lastname: user.lastname,
        mail: user.email,
        phoneNumber: user.phoneNumber,
        admin: user.admin,
        passwordChangeNeeded: user.passwordChangeNeeded,
      },
      company: {
        id: company.id,
        name: company.name,
        type: company.type,
        pendingRegistration: company.pendingRegistration,
        customerNumber: company.customerNumber,
        street: company.street,
        houseNo: company.houseNo,
        zip: company.zip,
        city: company.city,
      },
      bookingUrl: deps.bookingUrl ?? null,
      // SPEC §1: the documentation link is for the operator's users only.
      docsUrl: company.type === 'ADMIN' ? (deps.docsUrl ?? null) : null,
      // What happened before the user joined the current company belongs to another tenant (ASVS 8.2.2).
      changeEntries: await listChanges(db, 'USER', user.id, { afterLastChangeOf: 'companyId' }),
    };
  }

  /** The own change is part of the user's history (SPEC §3), as a change by an admin in the user form is. */
  async function updateProfile(actor: RequestActor, body: ProfileUpdateBody): Promise<ProfileResponse> {
    await db.transaction(async (tx) => {
      const before = await findProfileRow(tx, actor.userId);
      if (!before) throw new AppError('NOT_FOUND');
      await updatePersonalData(tx, actor.userId, body);
      await recordChanges(
        tx,
        { entityType: 'USER', entityId: actor.userId, userId: actor.userId },
        diffFields(before.user, body, PROFILE_FIELDS),
      );
    });
    return getProfile(actor);
  }

  /**
   * Needs the current password and a new one that differs from it and is not a common one; ends every
   * other session (the caller gets a fresh one), every open reset or invitation code, and lifts the forced
   * initial password change.
   */
  async function changePassword(
    actor: RequestActor,
    body: PasswordChangeBody,
    headers: Headers,
  ): Promise<PasswordChangeResult> {
    if (await isLimited(db, PASSWORD_CHANGE_FAILURES, actor.userId)) throw new AppError('RATE_LIMITED');
    // Answered before the current password is checked: it tells nothing about whether it was right.
    if (body.newPassword === body.currentPassword) throw new AppError('PASSWORD_UNCHANGED');
    await assertPasswordNotCommon(body.newPassword);
    let result: Awaited<ReturnType<typeof callChangePassword>>;
    try {
      result = await callChangePassword(body, headers);
    } catch (error) {
      if (error instanceof APIError && error.statusCode < 500) {
        await recordAttempt(db, PASSWORD_CHANGE_FAILURES, actor.userId);
        throw new AppError('WRONG_CURRENT_PASSWORD');
      }
      throw error;
    }
    await db.transaction(async (tx) => {
      await revokePasswordCodes(tx, actor.userId);
      await clearPasswordChangeNeeded(tx, actor.userId);
    });
    await clearAttempts(db, PASSWORD_CHANGE_FAILURES, actor.userId);
    const token = result.response.token;
    if (!token) throw new Error('better-auth returned no new session');
    return { token, setCookies: result.headers.getSetCookie() };
  }

  function callChangePassword(body: PasswordChangeBody, headers: Headers) {
    return auth.api.changePassword({
      body: {
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
  }

  return { getProfile, updateProfile, changePassword };
}

export type ProfileService = ReturnType<typeof createProfileService>;
