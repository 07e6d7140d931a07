import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from '../../test/factories';
import { as, createTestApp, signIn, type TestContext } from '../../test/test-app';
import { buildAvvPdf } from './avv-pdf';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/legal/avv', () => {
  it('401 signed out', async () => {
    const response = await as(ctx.app, null, { method: 'GET', url: '/api/legal/avv' });
    expect(response.statusCode).toBe(401);
  });

  it('answers the data processing agreement as a PDF attachment AVV.pdf', async () => {
    const { user } = await createActor(ctx.db, 'CUSTOMER');
    const response = await as(ctx.app, await signIn(ctx.app, user.email), {
      method: 'GET',
      url: '/api/legal/avv',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="AVV.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(bytes.length).toBeGreaterThan(5000);
  });

  it('has several pages of German text with umlauts', async () => {
    const { PDFDocument } = await import('@pdfme/pdf-lib');
    const document = await PDFDocument.load(await buildAvvPdf());
    expect(document.getPageCount()).toBeGreaterThanOrEqual(3);
    expect(document.getTitle()).toBe('Auftragsverarbeitungsvertrag (AVV)');
  });
});
