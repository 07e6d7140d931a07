import { drizzleAdapter } from 'better-auth/adapters/drizzle';
// The minimal build (no Kysely) and the one plugin, not the index of all: the full entries load over
// 500 modules on every start (ARCHITECTURE §7); the portal talks to better-auth through Drizzle only.
import { betterAuth } from 'better-auth/minimal';
import { bearer } from 'better-auth/plugins/bearer';
import type { Db } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';
import { hashPassword, verifyPassword } from './password';

export interface AuthOptions {
  db: Db;
  secret: string;
  /** The portal's public origin; decides Secure cookies and the trusted origin. */
  baseUrl: string;
}

export const SESSION_COOKIE_PREFIX = 'portal';
/** Sessions last 7 days and are renewed once a day of use (better-auth's expiresIn / updateAge). */
export const SESSION_EXPIRES_IN_S = 60 * 60 * 24 * 7;
export const SESSION_UPDATE_AGE_S = 60 * 60 * 24;
/** ASVS 7.3.2: however often it was renewed, a session ends 30 days after the sign-in (see actor.ts). */
export const SESSION_MAX_AGE_S = 60 * 60 * 24 * 30;

/**
 * better-auth as the identity core (ARCHITECTURE §3). Its HTTP handler is not mounted: the portal's own
 * routes call `auth.api.*`, so that rate limits, the company checks and the SPEC paths wrap every call.
 */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    secret: options.secret,
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    trustedOrigins: [options.baseUrl],
    telemetry: { enabled: false },
    // Its warnings (e.g. a reset for an unknown address) are expected traffic, not faults.
    logger: { level: 'error' },
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 6,
      maxPasswordLength: 200,
      password: { hash: hashPassword, verify: verifyPassword },
      // No sendResetPassword: reset and invitation codes are the portal's own (auth/password-token.ts),
      // bound to the address they were mailed to; better-auth's reset endpoints stay disabled.
    },
    user: {
      // The portal's own user fields (SPEC §3 User); users are created by the portal, never by sign-up.
      additionalFields: {
        lastname: { type: 'string', required: false, input: false },
        phoneNumber: { type: 'string', required: false, input: false },
        admin: { type: 'boolean', required: false, input: false },
        companyId: { type: 'string', required: true, input: false },
        passwordChangeNeeded: { type: 'boolean', required: false, input: false },
        loginCounter: { type: 'number', required: false, input: false },
        lastLoginAt: { type: 'date', required: false, input: false },
      },
    },
    // Should better-auth ever store a code itself, only its SHA-256 hash rests in the database.
    verification: { storeIdentifier: 'hashed' },
    session: { expiresIn: SESSION_EXPIRES_IN_S, updateAge: SESSION_UPDATE_AGE_S },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: options.baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: 'uuid' },
    },
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
