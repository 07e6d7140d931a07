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
