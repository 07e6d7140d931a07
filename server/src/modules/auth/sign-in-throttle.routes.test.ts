import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts } from '../../db/schema';
import { createActor, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';

/**
 * ASVS 6.3.1, 6.1.1: throttling of POST /api/auth/sign-in that stops attackers, not
 * owners. Counted in the database; every test uses its own accounts and addresses.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function postSignIn(email: string, password: string, ip: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
    remoteAddress: ip,
  });
}

async function failTimes(times: number, email: (i: number) => string, ip: (i: number) => string) {
  for (let i = 0; i < times; i++)
    expect((await postSignIn(email(i), 'falsch-falsch', ip(i))).statusCode).toBe(401);
}

/** Moves every counted failure `seconds` into the past, as if that time had gone by. */
async function letTimePass(seconds: number) {
  await ctx.db
    .update(authAttempts)
    .set({ createdAt: sql`${authAttempts.createdAt} - make_interval(secs => ${seconds})` });
}

describe('one account from one address', () => {
  it('10 failures: that pair gets 429 with Retry-After for 15 minutes, even with the right password', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    await failTimes(
      10,
      () => user.email,
      () => '10.1.0.1',
    );
    const blocked = await postSignIn(user.email, TEST_PASSWORD, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 'RATE_LIMITED',
      message:
        'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie 15 Minuten und versuchen Sie es dann erneut.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  it('the owner on another address is not locked out by them', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    await failTimes(
      10,
      () => user.email,
      () => '10.1.1.1',
    );
    expect((await postSignIn(user.email, TEST_PASSWORD, '10.1.1.2')).statusCode).toBe(200);
  });

  it('after 15 minutes the pair may try again; a right password clears its failures', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    await failTimes(
      10,
      () => user.email,
      () => '10.1.2.1',
    );
    expect((await postSignIn(user.email, TEST_PASSWORD, '10.1.2.1')).statusCode).toBe(429);
    await letTimePass(15 * 60);
    expect((await postSignIn(user.email, TEST_PASSWORD, '10.1.2.1')).statusCode).toBe(200);
    await failTimes(
      9,
      () => user.email,
      () => '10.1.2.1',
    );
    expect((await postSignIn(user.email, TEST_PASSWORD, '10.1.2.1')).statusCode).toBe(200);
  });
});

describe('one address against many accounts', () => {
  it('others behind the same office address still sign in after 10 failures there', async () => {
    const { user } = await createActor(ctx.db, 'SUPPLIER');
    await failTimes(
      10,
      (i) => `kollege${i}@buero.test`,
      () => '10.2.0.1',
    );
    expect((await postSignIn(user.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });

  it('50 failures in 15 minutes: 429 for every account from that address, other addresses unaffected', async () => {
    const { user } = await createActor(ctx.db, 'SUPPLIER');
    await failTimes(
      49,
      (i) => `probe${i}@angriff.test`,
      () => '10.2.1.1',
    );
    expect((await postSignIn('probe-letzte@angriff.test', 'falsch-falsch', '10.2.1.1')).statusCode).toBe(401);
    const blocked = await postSignIn(user.email, TEST_PASSWORD, '10.2.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await postSignIn(user.email, TEST_PASSWORD, '10.2.1.2')).statusCode).toBe(200);
  });

  it('an IPv6 client counts as its /64', async () => {
    const { user } = await createActor(ctx.db, 'SUPPLIER');
    await failTimes(
      10,
      () => user.email,
      (i) => `2001:db8:77:1::${i + 1}`,
    );
    expect((await postSignIn(user.email, TEST_PASSWORD, '2001:db8:77:1::ff')).statusCode).toBe(429);
    expect((await postSignIn(user.email, TEST_PASSWORD, '2001:db8:77:2::1')).statusCode).toBe(200);
  });
});

describe('one account from many addresses', () => {
  it('the owner with the right password on a clean address signs in at once', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    await failTimes(
      20,
      () => user.email,
      (i) => `10.3.0.${i + 1}`,
    );
    expect((await postSignIn(user.email, TEST_PASSWORD, '10.3.9.9')).statusCode).toBe(200);
  });

  it('an address that failed waits progressively (at most 30 s), then may try again', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    // 8 failures of the account, each from a new address: a further try from one of them (7 failures
    // from elsewhere) waits 4 s
    await failTimes(
      8,
      () => user.email,
      (i) => `10.3.1.${i + 1}`,
    );
    const first = await postSignIn(user.email, 'falsch-falsch', '10.3.1.1');
    expect(first.statusCode).toBe(429);
    const firstWait = Number(first.headers['retry-after']);
    expect(firstWait).toBeGreaterThanOrEqual(2);
    expect(firstWait).toBeLessThanOrEqual(4);
    // an attacker spreading over more addresses reaches the ceiling of 30 s
    await failTimes(
      10,
      () => user.email,
      (i) => `10.3.2.${i + 1}`,
    );
    const slowed = await postSignIn(user.email, TEST_PASSWORD, '10.3.1.2');
    expect(slowed.statusCode).toBe(429);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(25);
    expect(wait).toBeLessThanOrEqual(30);
    expect(slowed.json().message).toBe(
      `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${wait} Sekunden und versuchen Sie es dann erneut.`,
    );
    await letTimePass(30);
    expect((await postSignIn(user.email, TEST_PASSWORD, '10.3.1.2')).statusCode).toBe(200);
  });
});
