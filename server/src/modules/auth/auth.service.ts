import type { SessionResponse, SignInBody } from '@portal/domain/schemas/auth';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { type AttemptWindow, clearAttempts, isLimited, recordAttempt } from '../../auth/attempts';
import type { Auth } from '../../auth/better-auth';
import type { Db } from '../../db/client';
import { companies, users } from '../../db/schema';
import { AppError } from '../../errors';

/** Issue #2: after 10 failed sign-ins in 15 minutes (per IP and per account) the next one answers 429. */
export const SIGN_IN_BY_IP: AttemptWindow = { bucket: 'sign-in:ip', limit: 10, windowMs: 15 * 60 * 1000 };
export const SIGN_IN_BY_ACCOUNT: AttemptWindow = {
  bucket: 'sign-in:account',
  limit: 10,
  windowMs: 15 * 60 * 1000,
};

export interface SignInResult {
  session: SessionResponse;
  token: string;
  setCookies: string[];
}

export function createAuthService(deps: { db: Db; auth: Auth }) {
  const { db, auth } = deps;

  async function loadSession(userId: string): Promise<SessionResponse | null> {
    const [row] = await db
      .select({ user: users, company: companies })
      .from(users)
      .innerJoin(companies, eq(users.companyId, companies.id))
      .where(eq(users.id, userId));
    if (!row) return null;
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
        loginCounter: user.loginCounter,
        lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      },
      company: {
        id: company.id,
        name: company.name,
        type: company.type,
        active: company.active,
        pendingRegistration: company.pendingRegistration,
      },
    };
  }

  /** Signs in with e-mail and password; refuses rate-limited callers and users of inactive companies. */
  async function signIn(input: SignInBody, ip: string, headers: Headers): Promise<SignInResult> {
    const email = input.email.trim().toLowerCase();
    if ((await isLimited(db, SIGN_IN_BY_IP, ip)) || (await isLimited(db, SIGN_IN_BY_ACCOUNT, email))) {
      throw new AppError('RATE_LIMITED');
    }
    let result: Awaited<ReturnType<typeof callSignIn>>;
    try {
      result = await callSignIn(email, input.password, headers);
    } catch (error) {
      if (error instanceof APIError && error.statusCode < 500) {
        await recordAttempt(db, SIGN_IN_BY_IP, ip);
        await recordAttempt(db, SIGN_IN_BY_ACCOUNT, email);
        throw new AppError('SIGN_IN_FAILED');
      }
      throw error;
    }
    const session = await loadSession(result.response.user.id);
    if (!session?.company.active) {
      // The password was right but the company is inactive (SPEC §4): end the session just created.
      await auth.api.revokeSession({
        headers: new Headers({ authorization: `Bearer ${result.response.token}` }),
        body: { token: result.response.token },
      });
      throw new AppError('COMPANY_INACTIVE');
    }
    await clearAttempts(db, SIGN_IN_BY_ACCOUNT, email);
    return { session, token: result.response.token, setCookies: result.headers.getSetCookie() };
  }

  function callSignIn(email: string, password: string, headers: Headers) {
    return auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
  }

  async function signOut(headers: Headers): Promise<string[]> {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  }

  return { signIn, signOut, loadSession };
}

export type AuthService = ReturnType<typeof createAuthService>;
