import * as XLSX from '@e965/xlsx';
import { enquiryReleaseProblems } from '@portal/domain/rules/enquiry-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type Session, signIn, type TestContext } from '../test/test-app';
import { DEMO_PASSWORD, seedDemoData } from './demo';
import { ensureDemoEnquiryFiles, SECOND_SUPPLIER, seedDemoEnquiries } from './enquiries';

let ctx: TestContext;
const sessions: Record<string, Session> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.db);
  await ensureDemoEnquiryFiles(ctx.db, ctx.files);
  for (const [role, email] of Object.entries({
    kunde: 'kunde@demo.local',
    einkauf: 'einkauf@demo.local',
    lieferant: 'lieferant@demo.local',
    lieferant2: SECOND_SUPPLIER.email,
    admin: 'admin@demo.local',
  })) {
    sessions[role] = await signIn(ctx.app, email, DEMO_PASSWORD);
  }
}, 120_000);
afterAll(async () => ctx?.close());

const list = async (session: Session, query = '') =>
  (
    await as(ctx.app, session, {
      method: 'GET',
      url: `/api/enquiry/filter?column=title&sortDescending=false${query}`,
    })
  )
    .json()
    .content.map((item: { title: string }) => item.title);

describe('demo enquiries', () => {
  it('the demo customer has a draft, two released ones and an archived one', async () => {
    for (const session of [sessions.kunde!, sessions.einkauf!]) {
      expect(await list(session)).toEqual([
        'Schaltschrank Pumpenstation PS-12',
        'Steuerschrank Förderband Halle 3',
        'Verteilerschrank Lackieranlage',
      ]);
    }
    expect(await list(sessions.kunde!, '&archived=true')).toContain('Klemmenkasten Prototyp');
  });

  it('the first supplier sees the one sent to all; the second supplier also the one sent to it only', async () => {
    expect(await list(sessions.lieferant!)).toEqual(['Schaltschrank Pumpenstation PS-12']);
    expect(await list(sessions.lieferant2!)).toEqual([
      'Schaltschrank Pumpenstation PS-12',
      'Verteilerschrank Lackieranlage',
    ]);
    expect(await list(sessions.admin!)).toEqual([]);
  });

  it('the released enquiries meet the release rules, with a real PDF and a real BOM workbook', async () => {
    const content = (
      await as(ctx.app, sessions.kunde!, { method: 'GET', url: '/api/enquiry/filter?archived=true' })
    ).json().content as { id: string; title: string; released: boolean }[];
    for (const item of content.filter((candidate) => candidate.released)) {
      const enquiry = (
        await as(ctx.app, sessions.kunde!, { method: 'GET', url: `/api/enquiry/?id=${item.id}` })
      ).json();
      expect(enquiryReleaseProblems(enquiry, enquiry.files, '2000-01-01')).toEqual([]);
    }
    const ps12 = content.find((item) => item.title === 'Schaltschrank Pumpenstation PS-12')!;
    const enquiry = (
      await as(ctx.app, sessions.lieferant!, { method: 'GET', url: `/api/enquiry/?id=${ps12.id}` })
    ).json();
    for (const file of enquiry.files as { id: string; filename: string; size: number }[]) {
      const response = await as(ctx.app, sessions.lieferant!, {
        method: 'GET',
        url: `/api/enquiry/${ps12.id}/file/${file.id}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBe(file.size);
      if (file.filename.endsWith('.pdf')) expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      if (file.filename.endsWith('.xlsx')) {
        const book = XLSX.read(response.rawPayload, { type: 'buffer' });
        const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
        expect(rows[0]).toEqual([
          'Pos.',
          'Menge',
          'Einheit',
          'Hersteller',
          'Bestellnummer',
          'Bezeichnung',
          'BMK',
        ]);
        expect(rows.length).toBeGreaterThan(5);
      }
    }
  });

  it('seeds once; missing file contents are written again', async () => {
    expect(await seedDemoEnquiries(ctx.db)).toBe(false);
    expect(await seedDemoData(ctx.db)).toBe(false);
    const key = 'enquiry/00000000-0000-4000-8000-000000001202/00000000-0000-4000-8000-000000001221';
    expect(await ctx.files.remove(key)).toBe(true);
    await ensureDemoEnquiryFiles(ctx.db, ctx.files);
    expect(await ctx.files.stat(key)).not.toBeNull();
  });
});
