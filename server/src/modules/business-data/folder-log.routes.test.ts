import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { folderCookieName } from '../../auth/folder-cookie';
import { businessFolderLog, businessFolderSessions, businessFolders, users } from '../../db/schema';
import { multipartForm } from '../../files/testing/multipart-form';
import { SAMPLES } from '../../test/enquiry-world';
import type { Session } from '../../test/test-app';
import { hashFolderToken } from './folder-access';
import { createFolderOffer, type FolderWorld, folderRequest, useFolderWorld } from './testing/folder-world';

const world = useFolderWorld();
const BASE = '/api/offer/businessdata';

function log(w: FolderWorld, session: Session | null, folderId: string, query = '', cookie?: string) {
  return folderRequest(w, session, {
    method: 'GET',
    url: `${BASE}/log?folderId=${folderId}${query}`,
    cookie,
  });
}

async function fullName(w: FolderWorld, userId: string) {
  const [user] = await w.ctx.db.select().from(users).where(eq(users.id, userId));
  return `${user!.name} ${user!.lastname} (${user!.email})`;
}

describe('GET /api/offer/businessdata/log', () => {
  it('lists who did what with which file, newest first, with the address', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    await folderRequest(w, w.supplierStaff, { method: 'GET', url: `${BASE}/?folderId=${folderId}` });
    const upload = await folderRequest(w, w.customerStaff, {
      method: 'POST',
      url: `${BASE}/`,
      ...multipartForm([
        { name: 'folderId', value: folderId },
        { name: 'file', filename: 'Schaltplan.pdf', content: SAMPLES.pdf },
      ]),
    });
    expect(upload.statusCode).toBe(201);
    const response = await log(w, w.supplierAdmin, folderId);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.totalElements).toBe(2);
    expect(page.content).toEqual([
      expect.objectContaining({
        action: 'UPLOAD',
        filename: 'Schaltplan.pdf',
        actor: await fullName(w, w.customerStaff.userId),
      }),
      expect.objectContaining({
        action: 'OPEN',
        filename: null,
        actor: await fullName(w, w.supplierStaff.userId),
      }),
    ]);
    expect(page.content[0].ip).toBe('127.0.0.1');
    const second = await log(w, w.customerAdmin, folderId, '&page=1&paginationSize=1');
    expect(second.json().content.map((entry: { action: string }) => entry.action)).toEqual(['OPEN']);
    expect(second.json().totalElements).toBe(2);
  });

  it('shows the stored label for an anonymous session and a user that no longer exists', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    await w.ctx.db
      .update(businessFolders)
      .set({ allowAnonymous: true, passwordHash: 'x' })
      .where(eq(businessFolders.id, folderId));
    const token = randomBytes(24).toString('base64url');
    await w.ctx.db.insert(businessFolderSessions).values({
      folderId,
      tokenHash: hashFolderToken(token),
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const opened = await folderRequest(w, null, {
      method: 'GET',
      url: `${BASE}/?folderId=${folderId}`,
      cookie: `${folderCookieName(folderId)}=${token}`,
    });
    expect(opened.statusCode).toBe(200);
    await w.ctx.db.insert(businessFolderLog).values({
      folderId,
      userId: null,
      actorLabel: 'ehemals@kunde.test',
      ip: '10.0.0.7',
      action: 'DOWNLOAD',
      filename: 'Alt.pdf',
      at: new Date('2020-01-01T00:00:00Z'),
    });
    const page = (await log(w, w.supplierAdmin, folderId)).json();
    expect(page.content.map((entry: { actor: string }) => entry.actor)).toEqual([
      expect.stringMatching(/^Anonymer Besucher \(Sitzung [0-9a-f]{8}\)$/),
      'ehemals@kunde.test',
    ]);
    expect(page.content[1]).toMatchObject({ ip: '10.0.0.7', action: 'DOWNLOAD', filename: 'Alt.pdf' });
    // The anonymous visitor reads the folder but does not manage it.
    const visitor = await log(w, null, folderId, '', `${folderCookieName(folderId)}=${token}`);
    expect(visitor.statusCode).toBe(403);
    expect((await log(w, null, folderId)).statusCode).toBe(412);
  });

  it('403 for readers who do not manage, 404 for others and signed out', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    for (const session of [w.supplierStaff, w.customerStaff]) {
      expect((await log(w, session, folderId)).statusCode).toBe(403);
    }
    for (const session of [w.otherSupplier, w.otherCustomer, w.operator, w.external, null]) {
      expect((await log(w, session, folderId)).statusCode).toBe(404);
    }
    expect((await log(w, w.supplierAdmin, 'kaputt')).statusCode).toBe(404);
  });
});
