import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { folderCookieName } from '../../auth/folder-cookie';
import {
  businessFolderItems,
  businessFolderLog,
  businessFolderSessions,
  businessFolders,
} from '../../db/schema';
import { multipartForm } from '../../files/testing/multipart-form';
import { readZip } from '../../files/testing/read-zip';
import { SAMPLES } from '../../test/enquiry-world';
import type { Session } from '../../test/test-app';
import { hashFolderToken } from './folder-access';
import { createFolderOffer, type FolderWorld, folderRequest, useFolderWorld } from './testing/folder-world';

const world = useFolderWorld();
const BASE = '/api/offer/businessdata';
const NC = Buffer.from('%\nO1000 (Frontplatte)\nG90 G21\nG0 X10 Y10\nM30\n', 'utf8');

function upload(
  w: FolderWorld,
  session: Session | null,
  folderId: string,
  filename: string,
  content: Buffer,
  cookie?: string,
) {
  return folderRequest(w, session, {
    method: 'POST',
    url: `${BASE}/`,
    cookie,
    ...multipartForm([
      { name: 'folderId', value: folderId },
      { name: 'file', filename, content },
    ]),
  });
}

function download(w: FolderWorld, session: Session | null, url: string, cookie?: string) {
  return folderRequest(w, session, { method: 'GET', url, cookie });
}

function remove(
  w: FolderWorld,
  session: Session | null,
  folderId: string,
  itemIds: string[],
  cookie?: string,
) {
  return folderRequest(w, session, {
    method: 'POST',
    url: `${BASE}/delete`,
    payload: { folderId, itemIds },
    cookie,
  });
}

async function folderRow(w: FolderWorld, folderId: string) {
  const [row] = await w.ctx.db.select().from(businessFolders).where(eq(businessFolders.id, folderId));
  return row!;
}

async function items(w: FolderWorld, folderId: string) {
  return w.ctx.db.select().from(businessFolderItems).where(eq(businessFolderItems.folderId, folderId));
}

async function logActions(w: FolderWorld, folderId: string) {
  const rows = await w.ctx.db
    .select()
    .from(businessFolderLog)
    .where(eq(businessFolderLog.folderId, folderId));
  return rows.map((row) => `${row.action}:${row.filename ?? ''}`).sort();
}

function storedFiles(w: FolderWorld, folderId: string): string[] {
  try {
    return readdirSync(path.join(w.ctx.filesDir, 'business-data', folderId));
  } catch {
    return [];
  }
}

async function setAnonymous(w: FolderWorld, folderId: string, anonymousWrite: boolean) {
  await w.ctx.db
    .update(businessFolders)
    .set({ allowAnonymous: true, passwordHash: 'x', anonymousWrite })
    .where(eq(businessFolders.id, folderId));
  const token = randomBytes(24).toString('base64url');
  await w.ctx.db.insert(businessFolderSessions).values({
    folderId,
    tokenHash: hashFolderToken(token),
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return `${folderCookieName(folderId)}=${token}`;
}

describe('POST /api/offer/businessdata/ (upload)', () => {
  it('stores a PDF under a generated key with a plain name, counts it and logs UPLOAD', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    const response = await upload(w, w.supplierStaff, folderId, '../../Schaltplan.pdf', SAMPLES.pdf);
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({ filename: 'Schaltplan.pdf', size: SAMPLES.pdf.length, downloadCounter: 0 });
    expect(item.uploadedBy).not.toContain('@');
    const [row] = await items(w, folderId);
    expect(row!.storageKey).toMatch(new RegExp(`^business-data/${folderId}/[0-9a-f-]{36}$`));
    expect(row!.storageKey).not.toContain('Schaltplan');
    expect(storedFiles(w, folderId)).toEqual([row!.storageKey.split('/').pop()]);
    const folder = await folderRow(w, folderId);
    expect(folder.fileCount).toBe(1);
    expect(folder.lastUpdate).not.toBeNull();
    expect(await logActions(w, folderId)).toEqual(['UPLOAD:Schaltplan.pdf']);
    // A Windows path is reduced to its name as well.
    const windows = await upload(w, w.customerStaff, folderId, 'C:\\Projekte\\A1\\Frontplatte.nc', NC);
    expect(windows.statusCode, windows.body).toBe(201);
    expect(windows.json().filename).toBe('Frontplatte.nc');
    expect((await folderRow(w, folderId)).fileCount).toBe(2);
  });

  it('replaces a file of the same name (case-insensitive), keeping its item and counter', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    const first = await upload(w, w.supplierStaff, folderId, 'Stückliste.csv', SAMPLES.csv);
    expect(first.statusCode).toBe(201);
    const id = first.json().id;
    const counted = await download(w, w.supplierStaff, `${BASE}/file?folderId=${folderId}&itemId=${id}`);
    expect(counted.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await items(w, folderId))[0]!.downloadCounter).toBe(1));
    const oldKey = (await items(w, folderId))[0]!.storageKey;
    const newer = Buffer.from('Menge;Bestellnummer\n5;3RT2015-1BB41\n7;5SY4106-7\n', 'utf8');
    const second = await upload(w, w.customerStaff, folderId, 'STÜCKLISTE.csv', newer);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({
      id,
      filename: 'STÜCKLISTE.csv',
      size: newer.length,
      downloadCounter: 1,
    });
    const rows = await items(w, folderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.uploadedBy).toBe(w.customerStaff.userId);
    expect(rows[0]!.storageKey).not.toBe(oldKey);
    expect(storedFiles(w, folderId)).toEqual([rows[0]!.storageKey.split('/').pop()]);
    expect((await folderRow(w, folderId)).fileCount).toBe(1);
    const fetched = await download(w, w.supplierStaff, `${BASE}/file?folderId=${folderId}&itemId=${id}`);
    expect(fetched.rawPayload.equals(newer)).toBe(true);
  });

  it('refuses programs, contents that do not fit the extension, and a missing file or folder', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    expect((await upload(w, w.supplierStaff, folderId, 'setup.exe', SAMPLES.exe)).statusCode).toBe(415);
    const disguised = await upload(w, w.supplierStaff, folderId, 'Etikett.lbl', SAMPLES.exe);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().code).toBe('FILE_CONTENT_MISMATCH');
    expect((await upload(w, w.supplierStaff, folderId, 'Plan.pdf', SAMPLES.png)).statusCode).toBe(415);
    const noFile = await folderRequest(w, w.supplierStaff, {
      method: 'POST',
      url: `${BASE}/`,
      ...multipartForm([{ name: 'folderId', value: folderId }]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('FILE_MISSING');
    const fileFirst = await folderRequest(w, w.supplierStaff, {
      method: 'POST',
      url: `${BASE}/`,
      ...multipartForm([
        { name: 'file', filename: 'Plan.pdf', content: SAMPLES.pdf },
        { name: 'folderId', value: folderId },
      ]),
    });
    expect(fileFirst.statusCode).toBe(400);
    expect(await items(w, folderId)).toHaveLength(0);
    expect(storedFiles(w, folderId)).toEqual([]);
    expect((await folderRow(w, folderId)).fileCount).toBe(0);
  });

  it('answers 404 to other tenants and unknown visitors, 403 to a reader without write', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    for (const session of [w.otherSupplier, w.otherCustomer, w.operator, w.external, null]) {
      expect((await upload(w, session, folderId, 'Plan.pdf', SAMPLES.pdf)).statusCode).toBe(404);
    }
    await w.ctx.db
      .update(businessFolders)
      .set({ types: { CUSTOMER: { read: true, write: true }, SUPPLIER: { read: true, write: false } } })
      .where(eq(businessFolders.id, folderId));
    expect((await upload(w, w.supplierStaff, folderId, 'Plan.pdf', SAMPLES.pdf)).statusCode).toBe(403);
    expect((await upload(w, w.supplierAdmin, folderId, 'Plan.pdf', SAMPLES.pdf)).statusCode).toBe(201);
    expect(await items(w, folderId)).toHaveLength(1);
  });

  it('anonymous visitors: 412 without a token, 403 with one, upload only with anonymous write', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    const cookie = await setAnonymous(w, folderId, false);
    expect((await upload(w, null, folderId, 'Plan.pdf', SAMPLES.pdf)).statusCode).toBe(412);
    expect((await upload(w, null, folderId, 'Plan.pdf', SAMPLES.pdf, cookie)).statusCode).toBe(403);
    await w.ctx.db
      .update(businessFolders)
      .set({ anonymousWrite: true })
      .where(eq(businessFolders.id, folderId));
    const allowed = await upload(w, null, folderId, 'Plan.pdf', SAMPLES.pdf, cookie);
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(allowed.json().uploadedBy).toBe('Anonymer Besucher');
    expect((await items(w, folderId))[0]!.uploadedAnonymously).toBe(true);
  });
});

describe('GET /api/offer/businessdata/file (download, PDF view)', () => {
  it('counts a completed download, not the inline view of a PDF', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    const id = (await upload(w, w.supplierStaff, folderId, 'Schaltplan.pdf', SAMPLES.pdf)).json().id;
    const view = await download(
      w,
      w.customerStaff,
      `${BASE}/file?folderId=${folderId}&itemId=${id}&inline=true`,
    );
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(String(view.headers['content-disposition'])).toMatch(/^inline; filename="Schaltplan.pdf"/);
    expect(view.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    const file = await download(w, w.customerStaff, `${BASE}/file?folderId=${folderId}&itemId=${id}`);
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename="Schaltplan.pdf"/);
    expect(file.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    await vi.waitFor(async () =>
      expect(await logActions(w, folderId)).toEqual([
        'DOWNLOAD:Schaltplan.pdf',
        'UPLOAD:Schaltplan.pdf',
        'VIEW:Schaltplan.pdf',
      ]),
    );
    expect((await items(w, folderId))[0]!.downloadCounter).toBe(1);
    const listed = await folderRequest(w, w.customerStaff, {
      method: 'GET',
      url: `${BASE}/?folderId=${folderId}`,
    });
    expect(listed.json().items[0].downloadCounter).toBe(1);
  });

  it('serves a non-PDF as an attachment even when inline is asked for', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    const id = (await upload(w, w.supplierStaff, folderId, 'Bild.png', SAMPLES.png)).json().id;
    const file = await download(
      w,
      w.supplierStaff,
      `${BASE}/file?folderId=${folderId}&itemId=${id}&inline=true`,
    );
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment/);
  });

  it('404 for an item of another folder, a malformed id, other tenants; 412 signed out with anonymous on', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    const other = await createFolderOffer(w);
    const id = (await upload(w, w.supplierStaff, folderId, 'Plan.pdf', SAMPLES.pdf)).json().id;
    const url = `${BASE}/file?folderId=${folderId}&itemId=${id}`;
    expect(
      (await download(w, w.supplierStaff, `${BASE}/file?folderId=${other.folderId}&itemId=${id}`)).statusCode,
    ).toBe(404);
    expect(
      (await download(w, w.supplierStaff, `${BASE}/file?folderId=${folderId}&itemId=x`)).statusCode,
    ).toBe(404);
    for (const session of [w.otherSupplier, w.otherCustomer, w.operator, w.external, null]) {
      expect((await download(w, session, url)).statusCode).toBe(404);
    }
    const cookie = await setAnonymous(w, folderId, false);
    expect((await download(w, null, url)).statusCode).toBe(412);
    const anonymous = await download(w, null, url, cookie);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.rawPayload.equals(SAMPLES.pdf)).toBe(true);
  });
});

describe('GET /api/offer/businessdata/zip', () => {
  it('streams the chosen files as one ZIP and counts each once the archive went out', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    const pdf = (await upload(w, w.supplierStaff, folderId, 'Schaltplan.pdf', SAMPLES.pdf)).json().id;
    const nc = (await upload(w, w.supplierStaff, folderId, 'Frontplatte.nc', NC)).json().id;
    await upload(w, w.supplierStaff, folderId, 'Nicht gewählt.csv', SAMPLES.csv);
    const response = await download(
      w,
      w.customerStaff,
      `${BASE}/zip?folderId=${folderId}&itemIds=${pdf},${nc}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(String(response.headers['content-disposition'])).toMatch(
      /filename="Projektordner-AN-ORDNER-\d+\.zip"/,
    );
    const entries = await readZip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['Frontplatte.nc', 'Schaltplan.pdf']);
    expect(entries[0]!.content.equals(NC)).toBe(true);
    expect(entries[1]!.content.equals(SAMPLES.pdf)).toBe(true);
    await vi.waitFor(async () => {
      const counters = Object.fromEntries(
        (await items(w, folderId)).map((row) => [row.filename, row.downloadCounter]),
      );
      expect(counters).toEqual({ 'Schaltplan.pdf': 1, 'Frontplatte.nc': 1, 'Nicht gewählt.csv': 0 });
    });
    expect((await logActions(w, folderId)).filter((entry) => entry.startsWith('DOWNLOAD'))).toEqual([
      'DOWNLOAD:Frontplatte.nc',
      'DOWNLOAD:Schaltplan.pdf',
    ]);
  });

  it('400 for an empty selection, 404 for an id not in the folder and for other tenants', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    const other = await createFolderOffer(w);
    const foreign = (await upload(w, w.supplierStaff, other.folderId, 'Plan.pdf', SAMPLES.pdf)).json().id;
    const own = (await upload(w, w.supplierStaff, folderId, 'Plan.pdf', SAMPLES.pdf)).json().id;
    const empty = await download(w, w.supplierStaff, `${BASE}/zip?folderId=${folderId}&itemIds=`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('FOLDER_NO_FILES');
    expect(
      (await download(w, w.supplierStaff, `${BASE}/zip?folderId=${folderId}&itemIds=${own},${foreign}`))
        .statusCode,
    ).toBe(404);
    for (const session of [w.otherSupplier, w.otherCustomer, w.operator, w.external, null]) {
      expect((await download(w, session, `${BASE}/zip?folderId=${folderId}&itemIds=${own}`)).statusCode).toBe(
        404,
      );
    }
  });
});

describe('POST /api/offer/businessdata/delete', () => {
  it('deletes the chosen files with their stored objects; 208 when some were already gone', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    const a = (await upload(w, w.supplierStaff, folderId, 'A.pdf', SAMPLES.pdf)).json().id;
    const b = (await upload(w, w.supplierStaff, folderId, 'B.csv', SAMPLES.csv)).json().id;
    const c = (await upload(w, w.supplierStaff, folderId, 'C.png', SAMPLES.png)).json().id;
    const first = await remove(w, w.customerStaff, folderId, [a, b]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ deleted: 2, alreadyDeleted: 0 });
    const left = await items(w, folderId);
    expect(left.map((row) => row.id)).toEqual([c]);
    expect(storedFiles(w, folderId)).toEqual([left[0]!.storageKey.split('/').pop()]);
    expect((await folderRow(w, folderId)).fileCount).toBe(1);
    const again = await remove(w, w.customerStaff, folderId, [a, c]);
    expect(again.statusCode).toBe(208);
    expect(again.json()).toEqual({ deleted: 1, alreadyDeleted: 1 });
    expect((await folderRow(w, folderId)).fileCount).toBe(0);
    expect(storedFiles(w, folderId)).toEqual([]);
    expect((await logActions(w, folderId)).filter((entry) => entry.startsWith('DELETE'))).toEqual([
      'DELETE:A.pdf',
      'DELETE:B.csv',
      'DELETE:C.png',
    ]);
  });

  it('400 for an empty selection, 403 without write, 404 for others; anonymous readers cannot delete', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    const id = (await upload(w, w.supplierStaff, folderId, 'A.pdf', SAMPLES.pdf)).json().id;
    const empty = await remove(w, w.supplierStaff, folderId, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('FOLDER_NO_FILES');
    for (const session of [w.otherSupplier, w.otherCustomer, w.operator, w.external, null]) {
      expect((await remove(w, session, folderId, [id])).statusCode).toBe(404);
    }
    await w.ctx.db
      .update(businessFolders)
      .set({ types: { CUSTOMER: { read: true, write: false }, SUPPLIER: { read: true, write: true } } })
      .where(eq(businessFolders.id, folderId));
    expect((await remove(w, w.customerStaff, folderId, [id])).statusCode).toBe(403);
    const cookie = await setAnonymous(w, folderId, false);
    expect((await remove(w, null, folderId, [id])).statusCode).toBe(412);
    expect((await remove(w, null, folderId, [id], cookie)).statusCode).toBe(403);
    expect(await items(w, folderId)).toHaveLength(1);
  });
});
