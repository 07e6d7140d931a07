import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications, users } from '../../db/schema';
import { as } from '../../test/test-app';
import { folderBrakeClock } from './folder-brake';
import { anonymousFolder, checkFolderPassword, FOLDER_PASSWORD } from './testing/folder-gate';
import { useFolderWorld } from './testing/folder-world';

/**
 * ASVS 6.3.1: guessing a folder's password from many addresses. After 10 failures for one folder within
 * 30 minutes, every further try from an address that failed itself waits 1, 2, 4 … at most 60 seconds after
 * the folder's latest failure (429 with Retry-After); an address without failures is never slowed, so a
 * visitor with the right password still gets in. The folder's admins hear of it at most once an hour.
 * The folder counters' clock is faked: the waits are exact seconds, however slow the machine.
 */
const world = useFolderWorld();
const check = (folderId: string, password: string, ip: string) =>
  checkFolderPassword(world(), folderId, password, ip);

let now = Date.now();
beforeEach(() => {
  now = Date.now();
  vi.spyOn(folderBrakeClock, 'now').mockImplementation(() => new Date(now));
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Lets `seconds` go by on the faked clock. */
function letTimePass(seconds: number): void {
  now += seconds * 1000;
}

/** Ten wrong tries for the folder, one from each of ten addresses `prefix.1` … `prefix.10`. */
async function failFromTenAddresses(folderId: string, prefix: string): Promise<void> {
  for (let i = 1; i <= 10; i++)
    expect((await check(folderId, `falsch-${i}`, `${prefix}.${i}`)).statusCode).toBe(403);
}

/** The notifications about the folder, with their receivers. */
async function alertsOf(folderId: string) {
  return world()
    .ctx.db.select({ userId: notifications.userId, text: notifications.text, level: notifications.level })
    .from(notifications)
    .where(eq(notifications.link, `/business-data/${folderId}`));
}

describe('many addresses guessing one folder', () => {
  it('10 failures from 10 addresses: a failed address waits 1, 2, 4 … at most 60 s after each further failure', async () => {
    const folderId = await anonymousFolder(world());
    await failFromTenAddresses(folderId, '10.80.0');
    const waits: string[] = [];
    const messages: string[] = [];
    for (let round = 0; round < 8; round++) {
      const braked = await check(folderId, 'noch-falscher', '10.80.0.1');
      expect(braked.statusCode).toBe(429);
      expect(braked.json().code).toBe('FOLDER_THROTTLED');
      messages.push(braked.json().message);
      waits.push(String(braked.headers['retry-after']));
      // One second early is still too early; then the wrong try counts and the next wait doubles.
      letTimePass(Number(braked.headers['retry-after']) - 1);
      expect((await check(folderId, 'noch-falscher', '10.80.0.1')).statusCode).toBe(429);
      letTimePass(1);
      expect((await check(folderId, 'noch-falscher', '10.80.0.1')).statusCode).toBe(403);
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '60', '60']);
    const wording = (wait: string) =>
      `Zu viele falsche Passwörter für diesen Projektordner. Bitte warten Sie ${wait} und versuchen Sie es dann erneut.`;
    expect([messages[0], messages[1], messages[7]]).toEqual([
      wording('1 Sekunde'),
      wording('2 Sekunden'),
      wording('1 Minute'),
    ]);
  });

  it('the right password opens the folder from a fresh address, not from a failed one while it waits', async () => {
    const folderId = await anonymousFolder(world());
    await failFromTenAddresses(folderId, '10.81.0');
    const waiting = await check(folderId, FOLDER_PASSWORD, '10.81.0.7');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['set-cookie']).toBeUndefined();
    const fresh = await check(folderId, FOLDER_PASSWORD, '10.81.1.1');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(String(fresh.headers['set-cookie'])).toContain(`portal_folder_${folderId}=`);
    // A fresh address that guesses wrong is not braked on its first try, but on its next.
    expect((await check(folderId, 'falsch', '10.81.1.2')).statusCode).toBe(403);
    expect((await check(folderId, FOLDER_PASSWORD, '10.81.1.2')).statusCode).toBe(429);
    // Once the wait is over, the failed address gets in with the right password.
    letTimePass(60);
    expect((await check(folderId, FOLDER_PASSWORD, '10.81.0.7')).statusCode).toBe(200);
  });

  it('9 failures brake nobody; the failures leave the count after 30 minutes', async () => {
    const folderId = await anonymousFolder(world());
    for (let i = 1; i <= 9; i++)
      expect((await check(folderId, 'falsch', `10.82.0.${i}`)).statusCode).toBe(403);
    expect((await check(folderId, 'falsch', '10.82.0.1')).statusCode).toBe(403);
    // That was the 10th: now the brake holds.
    expect((await check(folderId, FOLDER_PASSWORD, '10.82.0.2')).statusCode).toBe(429);
    letTimePass(30 * 60 + 1);
    expect((await check(folderId, 'falsch', '10.82.0.2')).statusCode).toBe(403);
    expect((await check(folderId, FOLDER_PASSWORD, '10.82.0.2')).statusCode).toBe(200);
  });

  it('counts per folder: the failed addresses are not braked on another folder', async () => {
    const folderId = await anonymousFolder(world());
    const other = await anonymousFolder(world());
    await failFromTenAddresses(folderId, '10.83.0');
    expect((await check(folderId, 'falsch', '10.83.0.3')).statusCode).toBe(429);
    expect((await check(other, 'falsch', '10.83.0.3')).statusCode).toBe(403);
    expect((await check(other, FOLDER_PASSWORD, '10.83.0.4')).statusCode).toBe(200);
  });

  it('IPv6: the addresses of one /64 count as one address', async () => {
    const folderId = await anonymousFolder(world());
    await failFromTenAddresses(folderId, '10.84.0');
    expect((await check(folderId, 'falsch', '2001:db8:84:1::1')).statusCode).toBe(403);
    expect((await check(folderId, FOLDER_PASSWORD, '2001:db8:84:1::beef')).statusCode).toBe(429);
    expect((await check(folderId, FOLDER_PASSWORD, '2001:db8:84:2::1')).statusCode).toBe(200);
  });
});

describe("the folder's admins are told", () => {
  it('once an hour while the guessing lasts, the admins of both sides only', async () => {
    const folderId = await anonymousFolder(world());
    for (let i = 1; i <= 9; i++) await check(folderId, 'falsch', `10.85.0.${i}`);
    expect(await alertsOf(folderId)).toEqual([]);
    await check(folderId, 'falsch', '10.85.0.10');
    const first = await alertsOf(folderId);
    const admins = [world().supplierAdmin.userId, world().customerAdmin.userId];
    expect(first.map((row) => row.userId).sort()).toEqual([...admins].sort());
    expect(first[0]).toMatchObject({
      level: 'warn',
      text: expect.stringMatching(
        /^Viele falsche Passwörter für den Projektordner „REF-ORDNER-\d+, .+“: 10 in 30 Minuten\./,
      ),
    });
    // The supplier admin reads it in the bell.
    const page = await as(world().ctx.app, world().supplierAdmin, {
      method: 'GET',
      url: '/api/notification/?paginationSize=100',
    });
    expect(page.json().content).toContainEqual(
      expect.objectContaining({ text: first[0]!.text, link: `/business-data/${folderId}`, read: false }),
    );
    // Within the hour: more failures (fresh addresses), no further notification.
    letTimePass(20 * 60);
    await failFromTenAddresses(folderId, '10.85.1');
    letTimePass(39 * 60);
    await failFromTenAddresses(folderId, '10.85.2');
    expect(await alertsOf(folderId)).toHaveLength(2);
    // An hour after the first, while it still goes on: told again.
    letTimePass(2 * 60);
    await check(folderId, 'falsch', '10.85.3.1');
    const later = await alertsOf(folderId);
    expect(later).toHaveLength(4);
    const staff = await world().ctx.db.select({ id: users.id }).from(users).where(eq(users.admin, false));
    expect(later.some((row) => staff.some((user) => user.id === row.userId))).toBe(false);
  });
});
