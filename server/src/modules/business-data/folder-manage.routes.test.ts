import { addCalendarDays, berlinToday } from '@portal/domain/rules/berlin-date';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  authAttempts,
  businessFolderLog,
  businessFolderShares,
  businessFolders,
  companies,
  enquiries,
  users,
} from '../../db/schema';
import { mailHeader, mailText, readMailsTo, resetCodeOf } from '../../mail/testing/read-mail';
import { type Session, signIn } from '../../test/test-app';
import { GUEST_INVITE_WINDOW } from './folder-manage.service';
import { createFolderOffer, folderRequest, useFolderWorld } from './testing/folder-world';

/**
 * SPEC §5 folder password and invite form, §6 project settings (ASVS 8.2.1/8.2.2):
 * settings, password and visibility entries of a folder are for the admins of the offer's two companies;
 * everyone else meets 401, 403 (a member without manage right) or 404 (no right on the folder at all).
 */
const world = useFolderWorld();
const OPEN = { CUSTOMER: { read: true, write: true }, SUPPLIER: { read: true, write: true } };

function post(session: Session | null, path: string, payload: object) {
  return folderRequest(world(), session, { method: 'POST', url: `/api/offer/businessdata/${path}`, payload });
}

/** The settings form's body on the folder's current state (its lastUpdate, as the page loaded it). */
async function settings(folderId: string, values: object = {}) {
  const [row] = await world()
    .ctx.db.select({ updatedAt: businessFolders.updatedAt })
    .from(businessFolders)
    .where(eq(businessFolders.id, folderId));
  return {
    folderId,
    lastUpdate: (row?.updatedAt ?? new Date()).toISOString(),
    types: OPEN,
    allowExternal: false,
    allowAnonymous: false,
    anonymousWrite: false,
    ...values,
  };
}

function inDays(days: number): string {
  return addCalendarDays(berlinToday(), days);
}

async function folderRow(folderId: string) {
  const [row] = await world().ctx.db.select().from(businessFolders).where(eq(businessFolders.id, folderId));
  return row!;
}

describe('who manages a folder', () => {
  it("401 signed out, 404 for other tenants, the operator and guests, 403 for the companies' staff", async () => {
    const { folderId } = await createFolderOffer(world());
    const calls: [string, object][] = [
      ['settings', await settings(folderId)],
      ['create', { folderId, password: 'geheim1', passwordRepeat: 'geheim1' }],
      ['share', { folderId, visibilityEntries: [{ email: 'gast@example.test', read: true, write: false }] }],
      ['share/delete', { folderId, email: 'gast@example.test' }],
    ];
    for (const [path, payload] of calls) {
      expect((await post(null, path, payload)).statusCode, path).toBe(401);
      for (const session of [
        world().otherSupplier,
        world().otherCustomer,
        world().operator,
        world().external,
      ]) {
        expect((await post(session, path, payload)).statusCode, path).toBe(404);
      }
      for (const session of [world().supplierStaff, world().customerStaff]) {
        expect((await post(session, path, payload)).statusCode, path).toBe(403);
      }
    }
    const log = await folderRequest(world(), world().supplierStaff, {
      method: 'GET',
      url: `/api/offer/businessdata/log?folderId=${folderId}`,
    });
    expect(log.statusCode).toBe(403);
    expect(await folderRow(folderId)).toMatchObject({ passwordHash: null, allowExternal: false });
  });

  it('the customer admin manages only once a version was released; a malformed id is 404', async () => {
    const { folderId } = await createFolderOffer(world(), { released: false });
    expect((await post(world().customerAdmin, 'settings', await settings(folderId))).statusCode).toBe(404);
    expect((await post(world().supplierAdmin, 'settings', await settings(folderId))).statusCode).toBe(200);
    expect((await post(world().supplierAdmin, 'settings', await settings('x'.repeat(64)))).statusCode).toBe(
      404,
    );
    const released = await createFolderOffer(world());
    expect(
      (await post(world().customerAdmin, 'settings', await settings(released.folderId))).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/offer/businessdata/settings', () => {
  it('saves the types map and the switches and answers the folder; 400 for a broken body', async () => {
    const { folderId } = await createFolderOffer(world());
    const types = { CUSTOMER: { read: true, write: false }, SUPPLIER: { read: false, write: false } };
    const saved = await post(
      world().customerAdmin,
      'settings',
      await settings(folderId, { types, allowExternal: true }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({
      types,
      allowExternal: true,
      allowAnonymous: false,
      passwordSet: false,
    });
    expect(await folderRow(folderId)).toMatchObject({ types, allowExternal: true });
    // The supplier's staff now reads nothing; the customer's staff reads but does not write.
    const supplierStaff = await folderRequest(world(), world().supplierStaff, {
      method: 'GET',
      url: `/api/offer/businessdata/?folderId=${folderId}`,
    });
    expect(supplierStaff.statusCode).toBe(404);
    const customerStaff = await folderRequest(world(), world().customerStaff, {
      method: 'GET',
      url: `/api/offer/businessdata/?folderId=${folderId}`,
    });
    expect(customerStaff.json().rights).toEqual({ read: true, write: false, manage: false });
    expect((await post(world().customerAdmin, 'settings', { folderId, types: 'alle' })).statusCode).toBe(400);
    const [entry] = await world()
      .ctx.db.select()
      .from(businessFolderLog)
      .where(eq(businessFolderLog.folderId, folderId));
    expect(entry).toMatchObject({ action: 'SETTINGS', actorLabel: world().emails.customerAdmin });
  });

  it('anonymous access needs a password first (409, nothing changes)', async () => {
    const { folderId } = await createFolderOffer(world());
    const refused = await post(
      world().supplierAdmin,
      'settings',
      await settings(folderId, { allowAnonymous: true, allowExternal: true }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('FOLDER_PASSWORD_FIRST');
    expect(await folderRow(folderId)).toMatchObject({ allowAnonymous: false, allowExternal: false });
  });
});

describe('POST /api/offer/businessdata/create (the folder password)', () => {
  it('refuses a short or mismatched password with the German texts; stores an argon2id hash', async () => {
    const { folderId } = await createFolderOffer(world());
    const short = await post(world().supplierAdmin, 'create', {
      folderId,
      password: 'kurz',
      passwordRepeat: 'kurz',
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Das Passwort muss mindestens 6 Zeichen lang sein.');
    const mismatch = await post(world().supplierAdmin, 'create', {
      folderId,
      password: 'geheim-1',
      passwordRepeat: 'geheim-2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('Die Passwörter stimmen nicht überein.');
    expect((await folderRow(folderId)).passwordHash).toBeNull();
    const set = await post(world().supplierAdmin, 'create', {
      folderId,
      password: 'projekt2026',
      passwordRepeat: 'projekt2026',
      allowAnonymous: true,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().settings).toMatchObject({ passwordSet: true, allowAnonymous: true });
    expect((await folderRow(folderId)).passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('POST /api/offer/businessdata/share', () => {
  it('an e-mail without account becomes an external guest in its own company and gets the invitation', async () => {
    const { folderId, enquiryId } = await createFolderOffer(world());
    const email = `monteur-${Date.now()}@example.test`;
    const shared = await post(world().supplierAdmin, 'share', {
      folderId,
      visibilityEntries: [{ email: email.toUpperCase(), read: false, write: true }],
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toEqual([
      { email, endDate: null, read: true, write: true, expired: false, invited: true },
    ]);
    const [guest] = await world()
      .ctx.db.select({ company: companies })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, email));
    expect(guest!.company).toMatchObject({ type: 'EXTERNAL', name: email });
    await world().ctx.drainJobs();
    const mails = readMailsTo(world().ctx.mailDir, email);
    expect(mails).toHaveLength(1);
    // The invitation names the project, the inviting company and the person, and leads into the folder.
    const [inviter] = await world()
      .ctx.db.select({ name: users.name, lastname: users.lastname, company: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, world().emails.supplierAdmin));
    const [project] = await world()
      .ctx.db.select({ title: enquiries.title })
      .from(enquiries)
      .where(eq(enquiries.id, enquiryId));
    const person = `${inviter!.name} ${inviter!.lastname}`;
    expect(mailHeader(mails[0]!, 'Subject')).toBe(
      `Einladung zum Projektordner „${project!.title}“ von ${inviter!.company}`,
    );
    const text = mailText(mails[0]!);
    expect(text).toContain(
      `${person} von ${inviter!.company} hat Sie zum Projektordner des Projekts „${project!.title}“`,
    );
    expect(text).toMatch(
      new RegExp(`/action\\?mode=resetPassword&(amp;)?oobCode=[A-Za-z0-9_-]+&(amp;)?folder=${folderId}`),
    );
    const code = resetCodeOf(mails[0]!);
    expect(
      (await post(world().supplierAdmin, 'settings', await settings(folderId, { allowExternal: true })))
        .statusCode,
    ).toBe(200);

    // The guest sets the password with the code, is signed in with it and opens the folder.
    const reset = await folderRequest(world(), null, {
      method: 'POST',
      url: '/api/user/password/reset',
      payload: { mail: email, oobCode: code, password: 'Montage-2026!' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await signIn(world().ctx.app, email, 'Montage-2026!');
    const opened = await folderRequest(world(), signedIn, {
      method: 'GET',
      url: `/api/offer/businessdata/?folderId=${folderId}`,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ viewer: 'GUEST', rights: { read: true, write: true } });
    const log = await world()
      .ctx.db.select()
      .from(businessFolderLog)
      .where(eq(businessFolderLog.folderId, folderId));
    expect(log.map((row) => [row.action, row.filename])).toContainEqual(['SHARE', email]);
  });

  it('an existing user gains the entry and a notice with the link; the entry opens the folder while sharing is on', async () => {
    const { folderId } = await createFolderOffer(world());
    const email = world().emails.external;
    const shared = await post(world().customerAdmin, 'share', {
      folderId,
      visibilityEntries: [{ email, endDate: inDays(10), read: true, write: false }],
    });
    expect(shared.json()).toEqual([
      { email, endDate: inDays(10), read: true, write: false, expired: false, invited: false },
    ]);
    await world().ctx.drainJobs();
    const [notice] = readMailsTo(world().ctx.mailDir, email).filter((raw) =>
      mailHeader(raw, 'Subject').startsWith('Projektordner freigegeben'),
    );
    expect(mailText(notice!)).toContain(`/business-data/${folderId}`);
    const open = () =>
      folderRequest(world(), world().external, {
        method: 'GET',
        url: `/api/offer/businessdata/?folderId=${folderId}`,
      });
    expect((await open()).statusCode).toBe(404);
    await post(world().customerAdmin, 'settings', await settings(folderId, { allowExternal: true }));
    const opened = await open();
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      viewer: 'GUEST',
      rights: { read: true, write: false, manage: false },
    });
    // An entry whose last day has passed grants nothing.
    await world()
      .ctx.db.update(businessFolderShares)
      .set({ endDate: inDays(-1) })
      .where(eq(businessFolderShares.folderId, folderId));
    expect((await open()).statusCode).toBe(404);
  });

  it('400 for a missing or invalid e-mail and for an end date in the past; nothing is stored', async () => {
    const { folderId } = await createFolderOffer(world());
    const cases = [
      [{ email: '', read: true, write: false }, 'Bitte geben Sie eine E-Mail-Adresse ein.'],
      [{ email: 'kein-mail', read: true, write: false }, 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
      [
        { email: 'gast@example.test', endDate: inDays(-2), read: true, write: false },
        'Das Enddatum liegt in der Vergangenheit.',
      ],
    ] as const;
    for (const [entry, message] of cases) {
      const response = await post(world().supplierAdmin, 'share', { folderId, visibilityEntries: [entry] });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
    expect((await post(world().supplierAdmin, 'share', { folderId, visibilityEntries: [] })).statusCode).toBe(
      400,
    );
    const stored = await world()
      .ctx.db.select()
      .from(businessFolderShares)
      .where(eq(businessFolderShares.folderId, folderId));
    expect(stored).toEqual([]);
  });

  it("without an end date the operator's default runtime for the inviting side applies", async () => {
    const defaults = await folderRequest(world(), world().operator, {
      method: 'POST',
      url: '/api/offer/businessdata/defaults',
      payload: { CUSTOMER: null, SUPPLIER: 30 },
    });
    expect(defaults.json()).toEqual({ CUSTOMER: null, SUPPLIER: 30 });
    const { folderId } = await createFolderOffer(world());
    const bySupplier = await post(world().supplierAdmin, 'share', {
      folderId,
      visibilityEntries: [{ email: world().emails.otherSupplier, read: true, write: false }],
    });
    expect(bySupplier.json()[0].endDate).toBe(inDays(30));
    const byCustomer = await post(world().customerAdmin, 'share', {
      folderId,
      visibilityEntries: [{ email: world().emails.operator, read: true, write: false }],
    });
    expect(byCustomer.json()[0].endDate).toBeNull();
    const opened = await folderRequest(world(), world().supplierAdmin, {
      method: 'GET',
      url: `/api/offer/businessdata/?folderId=${folderId}`,
    });
    expect(opened.json().settings.defaultExpiryDays).toBe(30);
    await folderRequest(world(), world().operator, {
      method: 'POST',
      url: '/api/offer/businessdata/defaults',
      payload: { CUSTOMER: null, SUPPLIER: null },
    });
  });
});

describe('the invitation limit', () => {
  it('at most 20 new guests per inviting company in 24 hours (429, nothing stored); existing users still gain entries', async () => {
    const { folderId } = await createFolderOffer(world());
    // 19 invitations of the customer's company already counted today, one old one no longer.
    await world()
      .ctx.db.insert(authAttempts)
      .values([
        ...Array.from({ length: 19 }, () => ({
          bucket: GUEST_INVITE_WINDOW.bucket,
          key: world().ids.customerId,
        })),
        {
          bucket: GUEST_INVITE_WINDOW.bucket,
          key: world().ids.customerId,
          createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
        },
      ]);
    const stamp = Date.now();
    const two = await post(world().customerAdmin, 'share', {
      folderId,
      visibilityEntries: [
        { email: `gast-a-${stamp}@example.test`, read: true, write: false },
        { email: `gast-b-${stamp}@example.test`, read: true, write: false },
      ],
    });
    expect(two.statusCode).toBe(429);
    expect(two.json().message).toContain('bereits 20 neue externe Gäste');
    const stored = await world()
      .ctx.db.select()
      .from(businessFolderShares)
      .where(eq(businessFolderShares.folderId, folderId));
    expect(stored).toEqual([]);
    const one = await post(world().customerAdmin, 'share', {
      folderId,
      visibilityEntries: [{ email: `gast-a-${stamp}@example.test`, read: true, write: false }],
    });
    expect(one.statusCode, one.body).toBe(200);
    const again = await post(world().customerAdmin, 'share', {
      folderId,
      visibilityEntries: [{ email: `gast-c-${stamp}@example.test`, read: true, write: false }],
    });
    expect(again.statusCode).toBe(429);
    // Existing accounts do not count; the supplier's company has its own allowance.
    const existing = await post(world().customerAdmin, 'share', {
      folderId,
      visibilityEntries: [{ email: world().emails.external, read: true, write: false }],
    });
    expect(existing.statusCode).toBe(200);
    const bySupplier = await post(world().supplierAdmin, 'share', {
      folderId,
      visibilityEntries: [{ email: `gast-c-${stamp}@example.test`, read: true, write: false }],
    });
    expect(bySupplier.statusCode).toBe(200);
  });
});

describe('POST /api/offer/businessdata/share/delete', () => {
  it('removes an entry (204, logged); an unknown one is 404', async () => {
    const { folderId } = await createFolderOffer(world());
    await post(world().supplierAdmin, 'share', {
      folderId,
      visibilityEntries: [{ email: world().emails.external, read: true, write: false }],
    });
    const removed = await post(world().supplierAdmin, 'share/delete', {
      folderId,
      email: world().emails.external.toUpperCase(),
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await post(world().supplierAdmin, 'share/delete', { folderId, email: world().emails.external }))
        .statusCode,
    ).toBe(404);
    const log = await world()
      .ctx.db.select()
      .from(businessFolderLog)
      .where(eq(businessFolderLog.folderId, folderId));
    expect(log.map((row) => row.action)).toContain('UNSHARE');
  });
});

describe('GET/POST /api/offer/businessdata/defaults', () => {
  it('operator admins only: 401, 403 for everyone else, 400 for a bad value', async () => {
    const url = '/api/offer/businessdata/defaults';
    expect((await folderRequest(world(), null, { method: 'GET', url })).statusCode).toBe(401);
    for (const session of [world().supplierAdmin, world().customerAdmin, world().external]) {
      expect((await folderRequest(world(), session, { method: 'GET', url })).statusCode).toBe(403);
      const post = await folderRequest(world(), session, {
        method: 'POST',
        url,
        payload: { CUSTOMER: 5, SUPPLIER: 5 },
      });
      expect(post.statusCode).toBe(403);
    }
    const bad = await folderRequest(world(), world().operator, {
      method: 'POST',
      url,
      payload: { CUSTOMER: 0, SUPPLIER: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect((await folderRequest(world(), world().operator, { method: 'GET', url })).json()).toEqual({
      CUSTOMER: null,
      SUPPLIER: null,
    });
  });
});
