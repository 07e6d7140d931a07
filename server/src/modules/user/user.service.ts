import { canUpdateLoginCounter } from '@portal/domain/permissions';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { incrementLoginCounter } from './user.repository';

export function createUserService(deps: { db: Db }) {
  /** SPEC §7 GET /user/update/counter: called by the web app once after each sign-in. */
  async function updateLoginCounter(actor: RequestActor, userId: string) {
    if (!canUpdateLoginCounter(actor, userId)) throw new AppError('FORBIDDEN');
    const row = await incrementLoginCounter(deps.db, userId);
    if (!row?.lastLoginAt) throw new AppError('NOT_FOUND');
    return { loginCounter: row.loginCounter, lastLoginAt: row.lastLoginAt.toISOString() };
  }

  return { updateLoginCounter };
}

export type UserService = ReturnType<typeof createUserService>;
