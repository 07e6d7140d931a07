import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from '../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';

/**
 * SPEC §2/§4 gates, enforced by the server: a pending registration or a forced password change confines
 * the user to the profile (and the legal download); every other call answers 403 with a code the web
 * app explains.
 */
let ctx: TestContext;
let pending: Session;
let mustChange: Session;
let released: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  pending = await signIn(
    ctx.app,
    (await createActor(ctx.db, 'CUSTOMER', { admin: true, pendingRegistration: true })).user.email,
  );
  mustChange = await signIn(
    ctx.app,
    (await createActor(ctx.db, 'SUPPLIER', { admin: true, passwordChangeNeeded: true })).user.email,
  );
  released = await signIn(ctx.app, (await createActor(ctx.db, 'CUSTOMER', { admin: true })).user.email);
});
afterAll(() => ctx.close());

const PROFILE_CALLS = [
  { method: 'GET', url: '/api/user/profile' },
  { method: 'GET', url: '/api/auth/session' },
  { method: 'GET', url: '/api/legal/avv' },
] as const;

const OTHER_CALLS = [
  { method: 'GET', url: '/api/user/all' },
  { method: 'GET', url: '/api/company/all' },
  { method: 'GET', url: '/api/user/lastlogin' },
] as const;

describe('gates', () => {
  it('pending registration: profile calls work, everything else -> 403 REGISTRATION_PENDING', async () => {
    for (const call of PROFILE_CALLS) expect((await as(ctx.app, pending, call)).statusCode).toBe(200);
    const session = await as(ctx.app, pending, { method: 'GET', url: '/api/auth/session' });
    expect(session.json().company.pendingRegistration).toBe(true);
    for (const call of OTHER_CALLS) {
      const response = await as(ctx.app, pending, call);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'REGISTRATION_PENDING',
        message: 'Ihre Registrierung wartet noch auf die Freigabe durch den Betreiber.',
      });
    }
  });

  it('initial password: profile calls work, everything else -> 403 PASSWORD_CHANGE_NEEDED', async () => {
    for (const call of PROFILE_CALLS) expect((await as(ctx.app, mustChange, call)).statusCode).toBe(200);
    const session = await as(ctx.app, mustChange, { method: 'GET', url: '/api/auth/session' });
    expect(session.json().user.passwordChangeNeeded).toBe(true);
    for (const call of OTHER_CALLS) {
      const response = await as(ctx.app, mustChange, call);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('PASSWORD_CHANGE_NEEDED');
    }
  });

  it('a released user without a forced change is not gated', async () => {
    expect((await as(ctx.app, released, { method: 'GET', url: '/api/user/all' })).statusCode).toBe(200);
  });
});
