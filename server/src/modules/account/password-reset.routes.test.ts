import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verifications } from '../../db/schema';
import { mailHeader, resetCodeOf } from '../../mail/testing/read-mail';
import { type SmtpSink, startSmtpSink } from '../../mail/testing/smtp-sink';
import { createActor, createCompany, createUser } from '../../test/factories';
import { as, createTestApp, signIn, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ smtpUrl: sink.url });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

let ipCounter = 0;
const nextIp = () => `10.4.0.${++ipCounter}`;

function requestReset(mail: string, ip = nextIp()) {
  return as(ctx.app, null, {
    method: 'GET',
    url: `/api/user/password/reset?mail=${encodeURIComponent(mail)}`,
    remoteAddress: ip,
  });
}

function verify(code: string, ip = nextIp()) {
  return as(ctx.app, null, {
    method: 'GET',
    url: `/api/user/password/reset/verify?oobCode=${encodeURIComponent(code)}`,
    remoteAddress: ip,
  });
}

function reset(body: Record<string, unknown>, ip = nextIp()) {
  return as(ctx.app, null, {
    method: 'POST',
    url: '/api/user/password/reset',
    payload: body,
    remoteAddress: ip,
  });
}

/** Requests the mail, lets the job send it through the SMTP server and reads the code from it. */
async function codeFromMail(mail: string): Promise<string> {
  const before = sink.mails.length;
  expect((await requestReset(mail)).statusCode).toBe(200);
  await ctx.drainJobs();
  const received = sink.mails.slice(before).filter((m) => m.to.includes(mail));
  expect(received).toHaveLength(1);
  return resetCodeOf(received[0]!.raw);
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

describe('password reset by mail (SPEC §2 Forgot/Reset)', () => {
  it('end to end: mail through SMTP, code checked, new password set, every session ended', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER', { passwordChangeNeeded: true });
    const session = await signIn(ctx.app, user.email);
    const before = sink.mails.length;
    expect((await requestReset(user.email.toUpperCase())).json()).toEqual({ success: true });
    expect(sink.mails.length).toBe(before); // enqueued, not sent within the request
    await ctx.drainJobs();
    const mail = sink.mails.at(-1)!;
    expect(mail.to).toEqual([user.email]);
    expect(mailHeader(mail.raw, 'Subject')).toBe('Passwort zurücksetzen – Schaltschrank-Portal');
    const code = resetCodeOf(mail.raw);
    expect(code.length).toBeGreaterThanOrEqual(22); // >= 128 bits of [A-Za-z0-9]

    const checked = await verify(code);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ mail: user.email });

    const done = await reset({ mail: user.email, password: 'ganz-neu-1', oobCode: code });
    expect(done.statusCode).toBe(200);
    expect(await signInStatus(user.email, 'ganz-neu-1')).toBe(200);
    expect(await signInStatus(user.email, 'geheim123')).toBe(401);
    const old = await as(ctx.app, session, { method: 'GET', url: '/api/auth/session' });
    expect(old.json()).toBeNull();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordChangeNeeded).toBe(false);
  });

  it('an unknown address gets the same answer and no mail', async () => {
    const before = sink.mails.length;
    const response = await requestReset('niemand@test.local');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    await ctx.drainJobs();
    expect(sink.mails.length).toBe(before);
  });

  it('users of an inactive company get no mail', async () => {
    const company = await createCompany(ctx.db, { active: false });
    const user = await createUser(ctx.db, { companyId: company.id });
    const before = sink.mails.length;
    expect((await requestReset(user.email)).statusCode).toBe(200);
    await ctx.drainJobs();
    expect(sink.mails.length).toBe(before);
  });

  it('a malformed address -> 400', async () => {
    expect((await requestReset('kein-at-zeichen')).statusCode).toBe(400);
    expect((await as(ctx.app, null, { method: 'GET', url: '/api/user/password/reset' })).statusCode).toBe(
      400,
    );
  });

  it('a code is single-use', async () => {
    const { user } = await createActor(ctx.db, 'SUPPLIER');
    const code = await codeFromMail(user.email);
    expect((await reset({ mail: user.email, password: 'erstes-1', oobCode: code })).statusCode).toBe(200);
    const again = await reset({ mail: user.email, password: 'zweites-2', oobCode: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_CODE_INVALID');
    expect((await verify(code)).statusCode).toBe(400);
    expect(await signInStatus(user.email, 'erstes-1')).toBe(200);
  });

  it('an expired code (older than one hour) is refused', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const code = await codeFromMail(user.email);
    await ctx.db.update(verifications).set({ expiresAt: new Date(Date.now() - 60_000) });
    const checked = await verify(code);
    expect([400, 410]).toContain(checked.statusCode);
    const response = await reset({ mail: user.email, password: 'zu-spaet-1', oobCode: code });
    expect([400, 410]).toContain(response.statusCode);
    expect(await signInStatus(user.email, 'zu-spaet-1')).toBe(401);
  });

  it('the code is valid for one hour', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const requestedAt = Date.now();
    await codeFromMail(user.email);
    const rows = await ctx.db.select().from(verifications);
    const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    const validFor = newest.expiresAt.getTime() - requestedAt;
    expect(validFor).toBeGreaterThan(59 * 60 * 1000);
    expect(validFor).toBeLessThanOrEqual(61 * 60 * 1000);
    // stored hashed: the code of the mail does not appear in the database
    expect(rows.every((row) => !row.identifier.includes('reset-password:'))).toBe(true);
  });

  it('a forged code, or none at all, is refused: mail and password alone never reset', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const forged = await reset({ mail: user.email, password: 'uebernahme-1', oobCode: 'A'.repeat(24) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('RESET_CODE_INVALID');
    const without = await reset({ mail: user.email, password: 'uebernahme-1' });
    expect(without.statusCode).toBe(400);
    expect((await verify('erfunden')).statusCode).toBe(400);
    expect(await signInStatus(user.email, 'uebernahme-1')).toBe(401);
  });

  it("a code does not reset another user's password", async () => {
    const { user: owner } = await createActor(ctx.db, 'CUSTOMER');
    const { user: victim } = await createActor(ctx.db, 'CUSTOMER');
    const code = await codeFromMail(owner.email);
    const response = await reset({ mail: victim.email, password: 'fremdes-1', oobCode: code });
    expect(response.statusCode).toBe(400);
    expect(await signInStatus(victim.email, 'fremdes-1')).toBe(401);
    // the code still works for its owner
    expect((await reset({ mail: owner.email, password: 'eigenes-1', oobCode: code })).statusCode).toBe(200);
  });

  it('the new password must have at least 6 characters', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const code = await codeFromMail(user.email);
    const response = await reset({ mail: user.email, password: '12345', oobCode: code });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
  });
});

describe('rate limits of forgot and reset', () => {
  it('per address: the 4th mail request within 15 minutes -> 429, known or not', async () => {
    for (const mail of ['limit@test.local', 'unbekannt-limit@test.local']) {
      for (let i = 0; i < 3; i++) expect((await requestReset(mail)).statusCode).toBe(200);
      expect((await requestReset(mail)).statusCode).toBe(429);
    }
  });

  it('per IP: the 11th mail request within 15 minutes -> 429', async () => {
    const ip = '10.4.99.1';
    for (let i = 0; i < 10; i++) expect((await requestReset(`ip${i}@test.local`, ip)).statusCode).toBe(200);
    const blocked = await requestReset('ip10@test.local', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });

  it('per IP: after 10 wrong codes even a right one -> 429', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const code = await codeFromMail(user.email);
    const ip = '10.4.99.2';
    for (let i = 0; i < 10; i++) expect((await verify(`falsch${i}`, ip)).statusCode).toBe(400);
    expect((await verify(code, ip)).statusCode).toBe(429);
    expect((await reset({ mail: user.email, password: 'neu-neu-1', oobCode: code }, ip)).statusCode).toBe(
      429,
    );
  });

  it('per address: after 10 wrong codes for one address from many IPs -> 429', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const code = await codeFromMail(user.email);
    for (let i = 0; i < 10; i++) {
      const wrong = await reset({ mail: user.email, password: 'rate-1234', oobCode: `falsch${i}` });
      expect(wrong.statusCode).toBe(400);
    }
    expect((await reset({ mail: user.email, password: 'rate-1234', oobCode: code })).statusCode).toBe(429);
  });
});
