import type { SessionResponse, SignInBody } from '@portal/domain/schemas/auth';
import { APIError } from 'better-auth/api';
import type { Auth } from '../../auth/better-auth';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { incrementLoginCounter } from '../user';
import { findUserWithCompany } from './auth.repository';
import {
  clearSignInFailures,
  loadSignInFailures,
  recordSignInFailure,
  signInWaitMessage,
  signInWaitSeconds,
  throttleAddress,
} from './sign-in-throttle';

export interface SignInResult {
  session: SessionResponse;
  token: string;
  setCookies: string[];
}

export function createAuthService(deps: { db: Db; auth: Auth }) {
  const { db, auth } = deps;

  async function loadSession(userId: string): Promise<SessionResponse | null> {
    const row = await findUserWithCompany(db, userId);
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

  /**
   * Signs in with e-mail and password; refuses throttled tries (see sign-in-throttle.ts: before the password
   * is checked, so a waiting try reveals nothing) and users of inactive companies. Every sign-in counts once
   * in the user's login counter and last sign-in, whoever calls (the web app or an API client); the sign-in
   * right after a registration does not, as a new account's counter already starts at 1 (SPEC §9).
   */
  async function signIn(
    input: SignInBody,
    ip: string,
    headers: Headers,
    options: { count: boolean } = { count: true },
  ): Promise<SignInResult> {
    const email = input.email.trim().toLowerCase();
    const address = throttleAddress(ip);
    const wait = signInWaitSeconds(await loadSignInFailures(db, email, address), new Date());
    if (wait > 0) throw new AppError('RATE_LIMITED', signInWaitMessage(wait), { retryAfterSeconds: wait });
    let result: Awaited<ReturnType<typeof callSignIn>>;
    try {
      result = await callSignIn(email, input.password, headers);
    } catch (error) {
      if (error instanceof APIError && error.statusCode < 500) {
        await recordSignInFailure(db, email, address);
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
    await clearSignInFailures(db, email, address);
    const counted = options.count ? await incrementLoginCounter(db, session.user.id) : null;
    if (counted) {
      session.user.loginCounter = counted.loginCounter;
      session.user.lastLoginAt = counted.lastLoginAt?.toISOString() ?? null;
    }
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
