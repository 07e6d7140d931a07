import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verifications } from '../../db/schema';
import { resetCodeOf } from '../../mail/testing/read-mail';
import { type SmtpSink, startSmtpSink } from '../../mail/testing/smtp-sink';
import { createActor, TEST_PASSWORD } from '../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';

/**
 * ASVS 6.4.1, 6.4.3: a reset or invitation code works only for the user and the
 * address it was mailed to, and only until a newer code of its kind, a completed reset, a password change
 * or a change of the address.
 */
let ctx: TestContext;
let sink: SmtpSink;
let operator: Session;
let customerCompanyId: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ smtpUrl: sink.url });
  operator = await signIn(ctx.app, (await createActor(ctx.db, 'ADMIN', { admin: true })).user.email);
  customerCompanyId = (await createActor(ctx.db, 'CUSTOMER', { admin: true })).company.id;
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

let ipCounter = 0;
const nextIp = () => `10.10.0.${++ipCounter}`;

const verify = (code: string) =>
  as(ctx.app, null, {
    method: 'GET',
    url: `/api/user/password/reset/verify?oobCode=${encodeURIComponent(code)}`,
    remoteAddress: nextIp(),
  });
const reset = (mail: string, password: string, code: string) =>
  as(ctx.app, null, {
    method: 'POST',
    url: '/api/user/password/reset',
    payload: { mail, password, oobCode: code },
    remoteAddress: nextIp(),
  });
const requestReset = (mail: string) =>
  as(ctx.app, null, {
    method: 'GET',
    url: `/api/user/password/reset?mail=${encodeURIComponent(mail)}`,
    remoteAddress: nextIp(),
  });

/** The codes of the mails to `address` sent since `since` (the sink's mail count), oldest first. */
async function codesMailedTo(address: string, since: number): Promise<string[]> {
  await ctx.drainJobs();
  return sink.mails
    .slice(since)
    .filter((mail) => mail.to.includes(address))
    .map((mail) => resetCodeOf(mail.raw));
}

async function resetCode(address: string): Promise<string> {
  const since = sink.mails.length;
  expect((await requestReset(address)).statusCode).toBe(200);
  const [code] = await codesMailedTo(address, since);
  return code!;
}

async function expectDead(code: string, mail: string) {
  const checked = await verify(code);
  expect(checked.statusCode).toBe(400);
  expect(checked.json().code).toBe('RESET_CODE_INVALID');
  const used = await reset(mail, 'uebernommen-7', code);
  expect(used.statusCode).toBe(400);
  expect(used.json().code).toBe('RESET_CODE_INVALID');
}

async function signInStatus(mail: string, password: string) {
  const response = await as(ctx.app, null, {
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: mail, password },
    remoteAddress: nextIp(),
  });
  return response.statusCode;
}

describe('an invitation mailed to a mistyped address', () => {
  it('dies when the operator corrects the address; verify does not reveal the new one; the corrected address gets a fresh invitation', async () => {
    const typo = `kundin.admin@tpyo-${ipCounter}.example`;
    const right = `kundin.admin@kunde-${ipCounter}.example`;
    const since = sink.mails.length;
    const created = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/user/',
      payload: {
        name: 'Karla',
        lastname: 'Kundin',
        mail: typo,
        phoneNumber: '+49 711 1234',
        admin: true,
        companyId: customerCompanyId,
      },
    });
    expect(created.statusCode).toBe(201);
    const [typoCode] = await codesMailedTo(typo, since);
    expect((await verify(typoCode!)).json()).toEqual({ mail: typo });

    const sinceCorrection = sink.mails.length;
    const corrected = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/user/update',
      payload: {
        id: created.json().id,
        lastUpdate: created.json().lastUpdate,
        name: 'Karla',
        lastname: 'Kundin',
        mail: right,
        phoneNumber: '+49 711 1234',
        admin: true,
        companyId: customerCompanyId,
      },
    });
    expect(corrected.statusCode).toBe(200);

    // The holder of the mistyped mailbox learns nothing and gets nothing.
    const checked = await verify(typoCode!);
    expect(checked.statusCode).toBe(400);
    expect(checked.body).not.toContain(right);
    for (const mail of [typo, right]) {
      const taken = await reset(mail, 'uebernommen-7', typoCode!);
      expect(taken.statusCode).toBe(400);
      expect(taken.body).not.toContain(right);
    }
    expect(await signInStatus(right, 'uebernommen-7')).toBe(401);

    // The invitation follows the corrected address, and only there.
    const mailed = await codesMailedTo(right, sinceCorrection);
    expect(mailed).toHaveLength(1);
    expect(await codesMailedTo(typo, sinceCorrection)).toHaveLength(0);
    expect((await verify(mailed[0]!)).json()).toEqual({ mail: right });
    expect((await reset(right, 'selbst-gewaehlt-7', mailed[0]!)).statusCode).toBe(200);
    expect(await signInStatus(right, 'selbst-gewaehlt-7')).toBe(200);
  });

  it('an address changed by any other way than the user form also ends the code', async () => {
    const { user } = await createActor(ctx.db, 'SUPPLIER');
    const code = await resetCode(user.email);
    const moved = `umgezogen-${ipCounter}@test.local`;
    await ctx.db.update(users).set({ email: moved }).where(eq(users.id, user.id));
    await expectDead(code, user.email);
    const checked = await verify(code);
    expect(checked.body).not.toContain(moved);
    expect((await reset(moved, 'uebernommen-7', code)).statusCode).toBe(400);
  });
});

describe('a newer code, a completed reset and a password change end the older codes', () => {
  it('of two reset codes requested one after the other only the second works', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const first = await resetCode(user.email);
    const second = await resetCode(user.email);
    await expectDead(first, user.email);
    expect((await verify(second)).json()).toEqual({ mail: user.email });
    expect((await reset(user.email, 'zweiter-link-7', second)).statusCode).toBe(200);
    expect(await signInStatus(user.email, 'zweiter-link-7')).toBe(200);
  });

  it('a completed reset ends the open invitation', async () => {
    const mail = `eingeladen-${ipCounter}@test.local`;
    const since = sink.mails.length;
    const created = await as(ctx.app, operator, {
      method: 'POST',
      url: '/api/user/',
      payload: {
        name: 'Ida',
        lastname: 'Eingeladen',
        mail,
        phoneNumber: '+49 711 1234',
        admin: false,
        companyId: customerCompanyId,
      },
    });
    expect(created.statusCode).toBe(201);
    const [invitation] = await codesMailedTo(mail, since);
    const code = await resetCode(mail);
    // A reset request does not replace the invitation (another kind of code) ...
    expect((await verify(invitation!)).statusCode).toBe(200);
    expect((await reset(mail, 'per-reset-7', code)).statusCode).toBe(200);
    // ... but the completed reset ends it.
    await expectDead(invitation!, mail);
    expect(await signInStatus(mail, 'per-reset-7')).toBe(200);
    const left = await ctx.db
      .select()
      .from(verifications)
      .where(like(verifications.value, `${created.json().id}%`));
    expect(left).toHaveLength(0);
  });

  it("the user's own password change in the profile ends an open reset code", async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const code = await resetCode(user.email);
    const session = await signIn(ctx.app, user.email);
    const changed = await as(ctx.app, session, {
      method: 'POST',
      url: '/api/user/password/change',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'im-profil-7' },
    });
    expect(changed.statusCode).toBe(200);
    await expectDead(code, user.email);
    expect(await signInStatus(user.email, 'im-profil-7')).toBe(200);
  });

  it('a failed password change (wrong current password) leaves the code alone', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const code = await resetCode(user.email);
    const session = await signIn(ctx.app, user.email);
    const refused = await as(ctx.app, session, {
      method: 'POST',
      url: '/api/user/password/change',
      payload: { currentPassword: 'falsch-falsch', newPassword: 'im-profil-7' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await verify(code)).statusCode).toBe(200);
  });
});
