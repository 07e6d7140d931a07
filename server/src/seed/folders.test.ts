import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessFolderItems } from '../db/schema';
import { as, createTestApp, type Session, signIn, type TestContext } from '../test/test-app';
import { DEMO_PASSWORD, seedDemoData } from './demo';
import { ensureDemoEnquiryFiles } from './enquiries';
import { ensureDemoBoms } from './enquiry-boms';
import { DEMO_FOLDER_PASSWORD, ensureDemoFolder } from './folders';
import { ensureDemoOffers } from './offers';

/** The demo job's project folder, as the guest, the supplier and an anonymous visitor see it. */
let ctx: TestContext;
let supplier: Session;
let guest: Session;
let folderId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.db);
  await ensureDemoEnquiryFiles(ctx.db, ctx.files);
  await ensureDemoBoms(ctx.db, ctx.files);
  await ensureDemoOffers(ctx.db, ctx.files);
  await ensureDemoFolder(ctx.db, ctx.files);
  // A second start changes nothing.
  await ensureDemoFolder(ctx.db, ctx.files);
  supplier = await signIn(ctx.app, 'lieferant@demo.local', DEMO_PASSWORD);
  guest = await signIn(ctx.app, 'extern@demo.local', DEMO_PASSWORD);
}, 120_000);
afterAll(async () => ctx?.close());

describe('the demo project folder', () => {
  it('is shared with extern@demo.local, who lists it and downloads the NC program', async () => {
    const list = await as(ctx.app, guest, { method: 'GET', url: '/api/offer/businessdata/list' });
    expect(list.json().content).toEqual([
      expect.objectContaining({
        offerNumber: 'AN-2025-0933',
        state: 'CONFIRMED',
        fileCount: 3,
        access: 'SHARED',
      }),
    ]);
    folderId = list.json().content[0].folderId;
    const folder = (
      await as(ctx.app, guest, { method: 'GET', url: `/api/offer/businessdata/?folderId=${folderId}` })
    ).json();
    expect(folder).toMatchObject({ viewer: 'GUEST', rights: { read: true, write: false, manage: false } });
    expect(folder.items.map((item: { filename: string }) => item.filename)).toEqual([
      'Beschriftung BMK.csv',
      'Montageplatte.nc',
      'Schaltplan Kühlwasseraufbereitung MM-2025-118.pdf',
    ]);
    const nc = folder.items.find((item: { filename: string }) => item.filename === 'Montageplatte.nc');
    const download = await as(ctx.app, guest, {
      method: 'GET',
      url: `/api/offer/businessdata/file?folderId=${folderId}&itemId=${nc.id}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('O1000 (MONTAGEPLATTE');
    const pdf = folder.items.find((item: { filename: string }) => item.filename.endsWith('.pdf'));
    const view = await as(ctx.app, guest, {
      method: 'GET',
      url: `/api/offer/businessdata/file?folderId=${folderId}&itemId=${pdf.id}&inline=true`,
    });
    expect(view.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The drawing is the circuit diagram of the folder's own project (the job's enquiry).
    expect(list.json().content[0]).toMatchObject({ referenceNumber: 'MM-2025-118' });
    const { PDFDocument } = await import('@pdfme/pdf-lib');
    const drawing = await PDFDocument.load(view.rawPayload);
    expect(drawing.getTitle()).toBe('Schaltplan Schaltschrank Kühlwasseraufbereitung');
  });

  it('opens for anonymous visitors with the demo password; the supplier manages it and reads its log', async () => {
    const check = await as(ctx.app, null, {
      method: 'POST',
      url: '/api/offer/businessdata/check',
      payload: { folderId, password: DEMO_FOLDER_PASSWORD },
    });
    expect(check.statusCode, check.body).toBe(200);
    const folder = (
      await as(ctx.app, supplier, { method: 'GET', url: `/api/offer/businessdata/?folderId=${folderId}` })
    ).json();
    expect(folder.settings).toMatchObject({
      allowExternal: true,
      allowAnonymous: true,
      passwordSet: true,
      visibilities: [expect.objectContaining({ email: 'extern@demo.local', read: true, write: false })],
    });
    const log = await as(ctx.app, supplier, {
      method: 'GET',
      url: `/api/offer/businessdata/log?folderId=${folderId}`,
    });
    const actions = log.json().content.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['UPLOAD', 'SHARE', 'DOWNLOAD', 'PASSWORD_OK']));
  });

  it('a folder seeded with the former drawing gets its own project’s drawing at the next start', async () => {
    const [drawing] = await ctx.db
      .select()
      .from(businessFolderItems)
      .where(like(businessFolderItems.filename, 'Schaltplan %'));
    await ctx.db
      .update(businessFolderItems)
      .set({ filename: 'Schaltplan Pumpenstation.pdf' })
      .where(eq(businessFolderItems.id, drawing!.id));
    await ensureDemoFolder(ctx.db, ctx.files);
    const [after] = await ctx.db
      .select()
      .from(businessFolderItems)
      .where(eq(businessFolderItems.id, drawing!.id));
    expect(after!.filename).toBe('Schaltplan Kühlwasseraufbereitung MM-2025-118.pdf');
  });
});
