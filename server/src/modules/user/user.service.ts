import { canUpdateLoginCounter } from '@portal/domain/permissions';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findLoginCounter } from './user.repository';

export function createUserService(deps: { db: Db }) {
  /**
   * SPEC §7 GET /user/update/counter: the login counter and last sign-in. The sign-in itself counts (once,
   * for the web app and API clients alike), so a client that still calls this after signing in does not
   * count the same sign-in twice.
   */
  async function updateLoginCounter(actor: RequestActor, userId: string) {
    if (!canUpdateLoginCounter(actor, userId)) throw new AppError('FORBIDDEN');
    const row = await findLoginCounter(deps.db, userId);
    if (!row?.lastLoginAt) throw new AppError('NOT_FOUND');
    return { loginCounter: row.loginCounter, lastLoginAt: row.lastLoginAt.toISOString() };
  }

  return { updateLoginCounter };
}

export type UserService = ReturnType<typeof createUserService>;
