import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { readZip } from '../../files/testing/read-zip';
import { createDraft, createReleased, enquiryApi, SAMPLES, useEnquiryWorld } from '../../test/enquiry-world';
import { as, type Session } from '../../test/test-app';

const world = useEnquiryWorld();
const api = enquiryApi(world);

const post = (session: Session | null, url: string, payload: object) =>
  as(world().ctx.app, session, { method: 'POST', url, payload });

/** Every file lying in the storage folder of an enquiry (refused uploads leave nothing behind). */
function storedFiles(enquiryId: string): string[] {
  try {
    return readdirSync(path.join(world().ctx.filesDir, 'enquiry', enquiryId));
  } catch {
    return [];
  }
}

describe('POST /api/enquiry/:id/file', () => {
  it('401 signed out; 404 for others; 409 once released; 400 without a file', async () => {
    const id = await createDraft(api, world().customer);
    expect((await api.upload(null, id, 'a.pdf', SAMPLES.pdf)).statusCode).toBe(401);
    for (const session of [world().otherCustomer, world().supplier, world().operator, world().external]) {
      expect((await api.upload(session, id, 'a.pdf', SAMPLES.pdf)).statusCode).toBe(404);
    }
    expect((await api.upload(world().customer, 'abc', 'a.pdf', SAMPLES.pdf)).statusCode).toBe(404);
    const released = await createReleased(api, world().customer);
    const late = await api.upload(world().customer, released, 'Nachtrag.pdf', SAMPLES.pdf);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ENQUIRY_RELEASED');
    const noFile = multipartForm([{ name: 'fileType', value: 'UNKNOWN' }]);
    const empty = await as(world().ctx.app, world().customer, {
      method: 'POST',
      url: `/api/enquiry/${id}/file`,
      ...noFile,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('FILE_MISSING');
  });

  it('415 for a format not allowed and for content that does not fit the extension, naming the file', async () => {
    const id = await createDraft(api, world().customer);
    const exe = await api.upload(world().customer, id, 'setup.exe', SAMPLES.exe);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toContain('„setup.exe“');
    const pngAsPdf = await api.upload(world().customer, id, 'Schaltplan.pdf', SAMPLES.png);
    expect(pngAsPdf.statusCode).toBe(415);
    expect(pngAsPdf.json()).toMatchObject({
      code: 'FILE_CONTENT_MISMATCH',
      message:
        'Die Datei „Schaltplan.pdf“ ist keine PDF-Datei: Ihr Inhalt passt nicht zur Dateiendung. Bitte laden Sie die Originaldatei hoch.',
    });
    const exeAsXlsx = await api.upload(world().customer, id, 'Stückliste.xlsx', SAMPLES.exe);
    expect(exeAsXlsx.statusCode).toBe(415);
    expect(exeAsXlsx.json().message).toContain('„Stückliste.xlsx“ ist keine Excel-Datei (.xlsx)');
    expect(exeAsXlsx.json().message).not.toContain('MZ');
    const binaryAsCsv = await api.upload(world().customer, id, 'Liste.csv', SAMPLES.png);
    expect(binaryAsCsv.statusCode).toBe(415);
    const zipAsXls = await api.upload(world().customer, id, 'alt.xls', SAMPLES.xlsx);
    expect(zipAsXls.statusCode).toBe(415);
    expect((await api.get(world().customer, id)).json().files).toEqual([]);
    expect(storedFiles(id)).toEqual([]);
  });

  it('400 for a file type the extension does not allow; nothing is kept', async () => {
    const id = await createDraft(api, world().customer);
    const response = await api.upload(world().customer, id, 'Plan.pdf', SAMPLES.pdf, 'BILL_OF_MATERIAL');
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('body.fileType');
    const unknown = await as(world().ctx.app, world().customer, {
      method: 'POST',
      url: `/api/enquiry/${id}/file`,
      ...multipartForm([
        { name: 'fileType', value: 'SCHALTPLAN' },
        { name: 'file', filename: 'Plan.pdf', content: SAMPLES.pdf },
      ]),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^fileType: /);
    expect(storedFiles(id)).toEqual([]);
  });

  it('201 proposes the type from the name, takes a chosen one, dedupes names and replaces slashes', async () => {
    const id = await createDraft(api, world().customer);
    const diagram = await api.upload(world().colleague, id, 'EPLAN Schaltplan.pdf', SAMPLES.pdf);
    expect(diagram.statusCode).toBe(201);
    expect(diagram.json()).toMatchObject({
      filename: 'EPLAN Schaltplan.pdf',
      fileType: 'CIRCUIT_DIAGRAM',
      size: SAMPLES.pdf.length,
    });
    const bom = await api.upload(world().customer, id, 'Stückliste alt.xls', SAMPLES.xls);
    expect(bom.json()).toMatchObject({ fileType: 'BILL_OF_MATERIAL' });
    const chosen = await api.upload(world().customer, id, 'Liste.csv', SAMPLES.csv, 'CONNECTION_LIST');
    expect(chosen.json()).toMatchObject({ filename: 'Liste.csv', fileType: 'CONNECTION_LIST' });
    expect((await api.upload(world().customer, id, 'Liste.csv', SAMPLES.csv)).json().filename).toBe(
      '1_Liste.csv',
    );
    expect((await api.upload(world().customer, id, 'Liste.csv', SAMPLES.csv)).json().filename).toBe(
      '2_Liste.csv',
    );
    const slashed = await api.upload(world().customer, id, 'Anlage/3/Foto.png', SAMPLES.png);
    expect(slashed.json()).toMatchObject({ filename: 'Anlage_3_Foto.png', fileType: 'UNKNOWN' });
    const enquiry = (await api.get(world().customer, id)).json();
    expect(enquiry.files).toHaveLength(6);
    // Storage keys are generated: no user file name appears in the storage.
    const keys = storedFiles(id);
    expect(keys).toHaveLength(6);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(enquiry.changeEntries).toContainEqual(
      expect.objectContaining({ field: 'files', oldValue: null, newValue: '1_Liste.csv' }),
    );
  });
});

describe('GET /api/enquiry/:id/file/:fileId', () => {
  it('401; 404 for others and unknown or malformed ids; the bytes with the original name as attachment', async () => {
    const id = await createReleased(api, world().customer, {
      recipients: { mode: 'CHOSEN', supplierIds: [world().ids.supplierId] },
    });
    const files = (await api.get(world().customer, id)).json().files as { id: string; filename: string }[];
    const pdf = files.find((file) => file.filename === 'Schaltplan.pdf')!;
    expect((await api.download(null, id, pdf.id)).statusCode).toBe(401);
    for (const session of [world().otherCustomer, world().otherSupplier, world().operator]) {
      expect((await api.download(session, id, pdf.id)).statusCode).toBe(404);
    }
    expect((await api.download(world().customer, id, 'abc')).statusCode).toBe(404);
    const other = await createDraft(api, world().customer);
    expect((await api.download(world().customer, other, pdf.id)).statusCode).toBe(404);
    for (const session of [world().customer, world().supplier]) {
      const response = await api.download(session, id, pdf.id);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(SAMPLES.pdf)).toBe(true);
      expect(response.headers['content-type']).toBe('application/pdf');
    }
    const bom = files.find((file) => file.filename === 'Stückliste.xlsx')!;
    const response = await api.download(world().supplier, id, bom.id);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="St_ckliste.xlsx"; filename*=UTF-8''St%C3%BCckliste.xlsx`,
    );
  });
});

describe('POST /api/enquiry/file/type and /api/enquiry/file/delete', () => {
  it('type: 401; 404 for others; 400 for a type the extension does not allow; 200 recorded', async () => {
    const id = await createDraft(api, world().customer);
    const file = (await api.upload(world().customer, id, 'Plan.pdf', SAMPLES.pdf)).json();
    const body = { enquiryId: id, fileId: file.id, fileType: 'CIRCUIT_DIAGRAM' };
    expect((await post(null, '/api/enquiry/file/type', body)).statusCode).toBe(401);
    expect((await post(world().otherCustomer, '/api/enquiry/file/type', body)).statusCode).toBe(404);
    const wrong = await post(world().customer, '/api/enquiry/file/type', { ...body, fileType: 'LABELLING' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('„Plan.pdf“');
    const response = await post(world().customer, '/api/enquiry/file/type', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: file.id, fileType: 'CIRCUIT_DIAGRAM' });
    expect((await api.get(world().customer, id)).json().changeEntries).toContainEqual(
      expect.objectContaining({
        field: 'files',
        oldValue: 'Plan.pdf: UNKNOWN',
        newValue: 'Plan.pdf: CIRCUIT_DIAGRAM',
      }),
    );
  });

  it('delete: 401; 404 for others; 409 once released; 204 removes the file and its content', async () => {
    const id = await createDraft(api, world().customer);
    const file = (await api.upload(world().customer, id, 'Plan.pdf', SAMPLES.pdf)).json();
    const body = { enquiryId: id, fileId: file.id };
    expect((await post(null, '/api/enquiry/file/delete', body)).statusCode).toBe(401);
    expect((await post(world().otherCustomer, '/api/enquiry/file/delete', body)).statusCode).toBe(404);
    const response = await post(world().colleague, '/api/enquiry/file/delete', body);
    expect(response.statusCode).toBe(204);
    expect((await api.get(world().customer, id)).json().files).toEqual([]);
    expect(storedFiles(id)).toEqual([]);
    expect((await post(world().customer, '/api/enquiry/file/delete', body)).statusCode).toBe(404);

    const released = await createReleased(api, world().customer);
    const releasedFile = (await api.get(world().customer, released)).json().files[0];
    const refused = await post(world().customer, '/api/enquiry/file/delete', {
      enquiryId: released,
      fileId: releasedFile.id,
    });
    expect(refused.statusCode).toBe(409);
    expect((await api.get(world().customer, released)).json().files).toHaveLength(2);
  });
});

describe('POST /api/file/all/enquiry', () => {
  it('401; 404 for others; 400 for a bad body; one ZIP of every file with its bytes', async () => {
    const id = await createReleased(api, world().customer, { title: 'Anlage 7 / Halle 2' });
    expect((await api.zip(null, id)).statusCode).toBe(401);
    for (const session of [world().otherCustomer, world().operator, world().external]) {
      expect((await api.zip(session, id)).statusCode).toBe(404);
    }
    expect((await post(world().customer, '/api/file/all/enquiry', { enquiryId: 'x' })).statusCode).toBe(400);
    const response = await api.zip(world().supplier, id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Anlage 7 _ Halle 2.zip')}`,
    );
    const entries = await readZip(response.rawPayload);
    expect(entries.map((entry) => entry.name).sort()).toEqual(['Schaltplan.pdf', 'Stückliste.xlsx']);
    expect(entries.find((entry) => entry.name === 'Schaltplan.pdf')!.content.equals(SAMPLES.pdf)).toBe(true);
    expect(entries.find((entry) => entry.name === 'Stückliste.xlsx')!.content.equals(SAMPLES.xlsx)).toBe(
      true,
    );
  });

  it('deflates text files; a draft without files gives an empty archive', async () => {
    const id = await createDraft(api, world().customer);
    expect(await readZip((await api.zip(world().customer, id)).rawPayload)).toEqual([]);
    const csv = Buffer.from('Menge;Bestellnummer\n'.repeat(500));
    await api.upload(world().customer, id, 'Stückliste.csv', csv);
    const response = await api.zip(world().colleague, id);
    const [entry] = await readZip(response.rawPayload);
    expect(entry).toMatchObject({ name: 'Stückliste.csv', method: 8 });
    expect(entry!.content.equals(csv)).toBe(true);
    expect(response.rawPayload.length).toBeLessThan(csv.length / 5);
  });
});
