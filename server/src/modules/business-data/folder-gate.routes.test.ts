import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authAttempts, businessFolderLog, businessFolderSessions, businessFolders } from '../../db/schema';
import { loadedLastUpdate } from '../../test/lost-update';
import {
  checkFolderPassword,
  anonymousFolder as createAnonymousFolder,
  FOLDER_PASSWORD,
} from './testing/folder-gate';
import { createFolderOffer, type FolderWorld, folderRequest, useFolderWorld } from './testing/folder-world';

/**
 * SPEC §4, §8 (ASVS 6.3.1 brute force, 7.2.x session tokens, 7.4.1 termination, 3.3.x
 * cookies): the password gate of a project folder for anonymous visitors.
 */
const world = useFolderWorld();
const PASSWORD = FOLDER_PASSWORD;

function call(w: FolderWorld, method: 'GET' | 'POST', url: string, payload?: object, extra: object = {}) {
  return folderRequest(w, null, { method, url, ...(payload ? { payload } : {}), ...extra });
}

const anonymousFolder = () => createAnonymousFolder(world());
const check = (folderId: string, password: string, ip = '10.1.1.1') =>
  checkFolderPassword(world(), folderId, password, ip);

/** The folder cookie of a check's answer, as a browser would send it back. */
function cookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : String(header);
  return value.split(';')[0]!;
}

function open(folderId: string, cookie?: string) {
  return call(
    world(),
    'GET',
    `/api/offer/businessdata/?folderId=${folderId}`,
    undefined,
    cookie ? { cookie } : {},
  );
}

describe('GET /api/offer/businessdata/public', () => {
  it('says whether the gate can open the folder, the same for an unknown and a malformed id', async () => {
    const { folderId: closed } = await createFolderOffer(world());
    const opened = await anonymousFolder();
    const info = async (id: string) =>
      (await call(world(), 'GET', `/api/offer/businessdata/public?folderId=${id}`)).json();
    expect(await info(opened)).toEqual({ anonymousAllowed: true });
    expect(await info(closed)).toEqual({ anonymousAllowed: false });
    expect(await info('f'.repeat(64))).toEqual({ anonymousAllowed: false });
    expect(await info('../etc')).toEqual({ anonymousAllowed: false });
  });

  it('anonymous access switched on without a password does not open the gate', async () => {
    const { folderId } = await createFolderOffer(world());
    await world()
      .ctx.db.update(businessFolders)
      .set({ allowAnonymous: true })
      .where(eq(businessFolders.id, folderId));
    const response = await call(world(), 'GET', `/api/offer/businessdata/public?folderId=${folderId}`);
    expect(response.json()).toEqual({ anonymousAllowed: false });
    expect((await check(folderId, 'irgendwas')).statusCode).toBe(404);
  });
});

describe('POST /api/offer/businessdata/check', () => {
  it('404 for a folder without anonymous access, an unknown or a malformed id; 400 without a password', async () => {
    const { folderId } = await createFolderOffer(world());
    expect((await check(folderId, PASSWORD)).statusCode).toBe(404);
    expect((await check('a'.repeat(64), PASSWORD)).statusCode).toBe(404);
    expect((await check('kein-ordner', PASSWORD)).statusCode).toBe(404);
    const opened = await anonymousFolder();
    const missing = await call(world(), 'POST', '/api/offer/businessdata/check', { folderId: opened });
    expect(missing.statusCode).toBe(400);
  });

  it('a wrong password: 403 with the German text and a log row; signed out the folder answers 412', async () => {
    const folderId = await anonymousFolder();
    expect((await open(folderId)).statusCode).toBe(412);
    const wrong = await check(folderId, 'falsch-geraten', '10.2.2.2');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'FOLDER_WRONG_PASSWORD',
      message: 'Das Passwort ist falsch.',
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const log = await world()
      .ctx.db.select()
      .from(businessFolderLog)
      .where(and(eq(businessFolderLog.folderId, folderId), eq(businessFolderLog.action, 'PASSWORD_WRONG')));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actorLabel: 'Anonymer Besucher', ip: '10.2.2.2', userId: null });
  });

  it('the right password: an httpOnly, SameSite=Strict cookie that opens this folder only, read only', async () => {
    const folderId = await anonymousFolder();
    const other = await anonymousFolder();
    const right = await check(folderId, PASSWORD, '10.3.3.3');
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({
      folderId,
      viewer: 'ANONYMOUS',
      rights: { read: true, write: false, manage: false },
      settings: null,
      offerId: null,
    });
    const header = String(right.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^portal_folder_${folderId}=[A-Za-z0-9_-]{43};`));
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/api/offer/businessdata');
    expect(header).toContain('Max-Age=7200');
    const cookie = cookieOf(right);
    expect((await open(folderId, cookie)).statusCode).toBe(200);
    // The token is stored as a hash only.
    const [session] = await world()
      .ctx.db.select()
      .from(businessFolderSessions)
      .where(eq(businessFolderSessions.folderId, folderId));
    expect(session!.tokenHash).not.toContain(cookie.split('=')[1]!);
    expect(session!.ip).toBe('10.3.3.3');
    // Another folder's gate stays closed with this cookie, also under the other folder's cookie name.
    expect((await open(other, cookie)).statusCode).toBe(412);
    expect((await open(other, cookie.replace(folderId, other))).statusCode).toBe(412);
    const log = await world()
      .ctx.db.select()
      .from(businessFolderLog)
      .where(and(eq(businessFolderLog.folderId, folderId), eq(businessFolderLog.action, 'PASSWORD_OK')));
    expect(log[0]!.actorLabel).toBe(`Anonymer Besucher (Sitzung ${session!.id.slice(0, 8)})`);
  });

  it('after 10 failures from one address within 30 minutes: 429 even for the right password; other addresses pass', async () => {
    const folderId = await anonymousFolder();
    for (let i = 0; i < 10; i++)
      expect((await check(folderId, `falsch-${i}`, '10.4.4.4')).statusCode).toBe(403);
    const limited = await check(folderId, PASSWORD, '10.4.4.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toContain('Zu viele falsche Passwörter');
    expect(limited.headers['retry-after']).toBe('1800');
    expect(limited.headers['set-cookie']).toBeUndefined();
    // Another visitor of the same folder is not locked out; the same address on another folder neither.
    expect((await check(folderId, PASSWORD, '10.5.5.5')).statusCode).toBe(200);
    const other = await anonymousFolder();
    expect((await check(other, PASSWORD, '10.4.4.4')).statusCode).toBe(200);
    // Older failures no longer count.
    await world()
      .ctx.db.update(authAttempts)
      .set({ createdAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(authAttempts.key, `${folderId}|10.4.4.4`));
    expect((await check(folderId, PASSWORD, '10.4.4.4')).statusCode).toBe(200);
  });

  it('a new password or anonymous access switched off ends every anonymous session at once', async () => {
    const folderId = await anonymousFolder();
    const first = cookieOf(await check(folderId, PASSWORD));
    const second = cookieOf(await check(folderId, PASSWORD, '10.6.6.6'));
    expect((await open(folderId, first)).statusCode).toBe(200);
    const renewed = await folderRequest(world(), world().supplierAdmin, {
      method: 'POST',
      url: '/api/offer/businessdata/create',
      payload: { folderId, password: 'neues-passwort', passwordRepeat: 'neues-passwort' },
    });
    expect(renewed.statusCode).toBe(200);
    expect((await open(folderId, first)).statusCode).toBe(412);
    expect((await open(folderId, second)).statusCode).toBe(412);
    expect((await check(folderId, PASSWORD)).statusCode).toBe(403);
    const third = cookieOf(await check(folderId, 'neues-passwort'));
    expect((await open(folderId, third)).statusCode).toBe(200);
    const off = await folderRequest(world(), world().supplierAdmin, {
      method: 'POST',
      url: '/api/offer/businessdata/settings',
      payload: {
        folderId,
        lastUpdate: await loadedLastUpdate(world().ctx.db, businessFolders, folderId),
        types: { CUSTOMER: { read: true, write: true }, SUPPLIER: { read: true, write: true } },
        allowExternal: false,
        allowAnonymous: false,
        anonymousWrite: false,
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await open(folderId, third)).statusCode).toBe(404);
    const left = await world()
      .ctx.db.select()
      .from(businessFolderSessions)
      .where(eq(businessFolderSessions.folderId, folderId));
    expect(left).toEqual([]);
  });

  it('an expired session opens nothing', async () => {
    const folderId = await anonymousFolder();
    const cookie = cookieOf(await check(folderId, PASSWORD));
    await world()
      .ctx.db.update(businessFolderSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(businessFolderSessions.folderId, folderId));
    expect((await open(folderId, cookie)).statusCode).toBe(412);
  });
});
