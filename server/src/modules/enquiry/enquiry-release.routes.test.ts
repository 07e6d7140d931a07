import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mailHeader, mailText, readMailsTo } from '../../mail/testing/read-mail';
import {
  completeBody,
  createDraft,
  createReleased,
  enquiryApi,
  SAMPLES,
  useEnquiryWorld,
} from '../../test/enquiry-world';
import { as, type Session } from '../../test/test-app';

const world = useEnquiryWorld();
const api = enquiryApi(world);

const post = (session: Session | null, url: string, payload?: object) =>
  as(world().ctx.app, session, { method: 'POST', url, ...(payload ? { payload } : {}) });
/** The mails of the released enquiry `id` to `address` (the world's mails of earlier tests aside). */
async function releaseMailsTo(address: string, id: string): Promise<string[]> {
  await world().ctx.drainJobs();
  return readMailsTo(world().ctx.mailDir, address).filter((raw) => mailText(raw).includes(`/enquiry/${id}`));
}

const reopen = (session: Session | null, enquiryId: string) =>
  as(world().ctx.app, session, { method: 'GET', url: `/api/enquiry/reopen?enquiryId=${enquiryId}` });

describe('POST /api/enquiry/release', () => {
  it('401 signed out; 404 for another customer and unaddressed suppliers; 400 for a bad body', async () => {
    const id = await createDraft(api, world().customer);
    expect((await api.release(null, id)).statusCode).toBe(401);
    for (const session of [world().otherCustomer, world().supplier, world().operator, world().external]) {
      expect((await api.release(session, id)).statusCode).toBe(404);
    }
    const bad = await api.release(world().customer, id, { mode: 'CHOSEN', supplierIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({
      path: 'body.recipients.supplierIds',
      message: 'Bitte wählen Sie mindestens einen Lieferanten.',
    });
  });

  it('422 without circuit diagram and BOM, each named, and nothing changes', async () => {
    const id = await createDraft(api, world().customer);
    const nothing = await api.release(world().customer, id);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json()).toMatchObject({
      code: 'ENQUIRY_RELEASE_INCOMPLETE',
      message: 'Die Anfrage kann noch nicht freigegeben werden: Schaltplan fehlt, Stückliste fehlt.',
      issues: [
        { path: 'circuitDiagram', message: 'Schaltplan fehlt' },
        { path: 'billOfMaterial', message: 'Stückliste fehlt' },
      ],
    });
    // A circuit diagram that is not a PDF does not count.
    await api.upload(world().customer, id, 'Schaltplan.csv', SAMPLES.csv, 'NC_DATA');
    await api.upload(world().customer, id, 'Stückliste.xlsx', SAMPLES.xlsx);
    const noDiagram = await api.release(world().customer, id);
    expect(noDiagram.json().issues).toEqual([{ path: 'circuitDiagram', message: 'Schaltplan fehlt' }]);

    const other = await createDraft(api, world().customer);
    await api.upload(world().customer, other, 'Plan.pdf', SAMPLES.pdf, 'CIRCUIT_DIAGRAM');
    const noBom = await api.release(world().customer, other);
    expect(noBom.json().issues).toEqual([{ path: 'billOfMaterial', message: 'Stückliste fehlt' }]);
    const read = (await api.get(world().customer, other)).json();
    expect(read).toMatchObject({ released: false, releaseDate: null });
  });

  it('422 names the missing required fields and the free text of an INDIVIDUAL choice', async () => {
    const id = await createDraft(api, world().customer, {
      title: 'Entwurf',
      technicalSpec: { packaging: 'INDIVIDUAL' },
    });
    await api.upload(world().customer, id, 'Schaltplan.pdf', SAMPLES.pdf);
    await api.upload(world().customer, id, 'BOM.csv', SAMPLES.csv);
    const response = await api.release(world().customer, id);
    expect(response.statusCode).toBe(422);
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toEqual([
      'referenceNumber',
      'deliveryCondition',
      'desiredDeliveryDate',
      'technicalSpec.packagingIndividual',
    ]);
  });

  it('200 to all active suppliers: released, dated, read-only; a second release is 409', async () => {
    const id = await createReleased(api, world().customer);
    const enquiry = (await api.get(world().customer, id)).json();
    expect(enquiry).toMatchObject({ released: true, recipients: { mode: 'ALL', suppliers: [] } });
    expect(Date.parse(enquiry.releaseDate)).toBeGreaterThan(Date.now() - 60_000);
    const fields = enquiry.changeEntries.map((entry: { field: string }) => entry.field);
    expect(fields).toEqual(expect.arrayContaining(['released', 'releaseDate', 'recipients']));
    for (const session of [world().supplier, world().otherSupplier]) {
      expect((await api.get(session, id)).statusCode).toBe(200);
    }
    // Every user of every active supplier gets a mail at once; the customer and inactive suppliers none.
    const [mail] = await releaseMailsTo(world().emails.supplier, id);
    expect(mailHeader(mail ?? '', 'Subject')).toBe(`Neue Anfrage: ${enquiry.title} – Schaltschrank-Portal`);
    expect(mailText(mail ?? '')).toContain(
      `${world().ids.customerName} hat Ihnen die Anfrage „${enquiry.title}“ gesendet.`,
    );
    expect(await releaseMailsTo(world().emails.otherSupplier, id)).toHaveLength(1);
    expect(await releaseMailsTo(world().emails.inactiveSupplier, id)).toEqual([]);
    expect(await releaseMailsTo(world().emails.customer, id)).toEqual([]);
    const again = await api.release(world().customer, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Die Anfrage ist bereits freigegeben.');
    // A supplier who reads it may not release it.
    expect((await api.release(world().supplier, id)).statusCode).toBe(403);
  });

  it('200 to chosen suppliers: the chosen one sees it, another does not', async () => {
    const id = await createReleased(api, world().customer, {
      recipients: { mode: 'CHOSEN', supplierIds: [world().ids.supplierId] },
    });
    const enquiry = (await api.get(world().customer, id)).json();
    expect(enquiry.recipients).toEqual({
      mode: 'CHOSEN',
      suppliers: [{ id: world().ids.supplierId, name: world().ids.supplierName }],
    });
    expect((await api.get(world().supplier, id)).statusCode).toBe(200);
    expect((await api.get(world().otherSupplier, id)).statusCode).toBe(404);
    // Only the chosen supplier's users are mailed.
    expect(await releaseMailsTo(world().emails.supplier, id)).toHaveLength(1);
    expect(await releaseMailsTo(world().emails.otherSupplier, id)).toEqual([]);
  });

  it('400 when a chosen company is no active supplier', async () => {
    for (const supplierId of [world().ids.inactiveSupplierId, world().ids.otherCustomerId, randomUUID()]) {
      const id = await createDraft(api, world().customer);
      await api.upload(world().customer, id, 'Schaltplan.pdf', SAMPLES.pdf);
      await api.upload(world().customer, id, 'Stückliste.xlsx', SAMPLES.xlsx);
      const response = await api.release(world().customer, id, {
        mode: 'CHOSEN',
        supplierIds: [world().ids.supplierId, supplierId],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues[0].path).toBe('body.recipients.supplierIds');
      expect((await api.get(world().customer, id)).json().released).toBe(false);
    }
  });
});

describe('GET /api/enquiry/suppliers', () => {
  it('401 signed out; 403 for suppliers and the operator; the active suppliers for customers', async () => {
    expect(
      (await as(world().ctx.app, null, { method: 'GET', url: '/api/enquiry/suppliers' })).statusCode,
    ).toBe(401);
    for (const session of [world().supplier, world().operator]) {
      const response = await as(world().ctx.app, session, { method: 'GET', url: '/api/enquiry/suppliers' });
      expect(response.statusCode).toBe(403);
    }
    const response = await as(world().ctx.app, world().colleague, {
      method: 'GET',
      url: '/api/enquiry/suppliers',
    });
    const supplierIds = response.json().map((supplier: { id: string }) => supplier.id);
    expect(supplierIds).toEqual(
      expect.arrayContaining([world().ids.supplierId, world().ids.otherSupplierId]),
    );
    expect(supplierIds).not.toContain(world().ids.inactiveSupplierId);
    expect(supplierIds).not.toContain(world().ids.otherCustomerId);
  });
});

describe('POST /api/enquiry/archive, /close; GET /reopen', () => {
  it('archive: 401; 400 for no ids; own ones archived, others reported failed; suppliers no longer see it', async () => {
    const own = await createReleased(api, world().customer);
    const foreign = await createDraft(api, world().otherCustomer);
    expect((await post(null, '/api/enquiry/archive', { enquiryIds: [own] })).statusCode).toBe(401);
    expect((await post(world().customer, '/api/enquiry/archive', { enquiryIds: [] })).statusCode).toBe(400);
    const response = await post(world().colleague, '/api/enquiry/archive', { enquiryIds: [own, foreign] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ archived: [own], failed: [foreign] });
    expect((await api.get(world().otherCustomer, foreign)).json().archived).toBe(false);
    expect((await api.get(world().supplier, own)).statusCode).toBe(404);
    const supplierArchive = await post(world().supplier, '/api/enquiry/archive', { enquiryIds: [own] });
    expect(supplierArchive.json()).toEqual({ archived: [], failed: [own] });
  });

  it('close and reopen: 401; 404 others; 409 closing a draft; 200 for the customer, recorded', async () => {
    const draft = await createDraft(api, world().customer);
    const closeDraft = await post(world().customer, '/api/enquiry/close', { enquiryId: draft });
    expect(closeDraft.statusCode).toBe(409);
    expect(closeDraft.json().message).toBe('Nur freigegebene Anfragen können geschlossen werden.');
    const id = await createReleased(api, world().customer);
    expect((await post(null, '/api/enquiry/close', { enquiryId: id })).statusCode).toBe(401);
    expect((await post(world().otherCustomer, '/api/enquiry/close', { enquiryId: id })).statusCode).toBe(404);
    expect((await post(world().supplier, '/api/enquiry/close', { enquiryId: id })).statusCode).toBe(403);
    expect((await post(world().customer, '/api/enquiry/close', { enquiryId: 'x' })).statusCode).toBe(400);
    const closed = await post(world().customer, '/api/enquiry/close', { enquiryId: id });
    expect(closed.json()).toMatchObject({ closed: true, released: true });
    expect((await reopen(null, id)).statusCode).toBe(401);
    expect((await reopen(world().otherCustomer, id)).statusCode).toBe(404);
    const reopened = await reopen(world().colleague, id);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().closed).toBe(false);
    const history = reopened
      .json()
      .changeEntries.filter((entry: { field: string }) => entry.field === 'closed');
    expect(history.map((entry: { newValue: string }) => entry.newValue)).toEqual(['false', 'true']);
  });
});

describe('POST /api/enquiry/copy', () => {
  it('401; 404 for others; 400 for a malformed id', async () => {
    const id = await createDraft(api, world().customer);
    expect((await post(null, `/api/enquiry/copy?id=${id}`)).statusCode).toBe(401);
    expect((await post(world().otherCustomer, `/api/enquiry/copy?id=${id}`)).statusCode).toBe(404);
    expect((await post(world().customer, '/api/enquiry/copy?id=abc')).statusCode).toBe(400);
  });

  it('201: a new draft "Kopie von …" with every field and copies of the files, recipients reset', async () => {
    const id = await createReleased(api, world().customer, {
      title: 'Original',
      recipients: { mode: 'CHOSEN', supplierIds: [world().ids.supplierId] },
    });
    await post(world().customer, '/api/enquiry/close', { enquiryId: id });
    const original = (await api.get(world().customer, id)).json();
    const response = await post(world().colleague, `/api/enquiry/copy?id=${id}`);
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy.id).not.toBe(id);
    expect(copy).toMatchObject({
      title: 'Kopie von Original',
      referenceNumber: completeBody().referenceNumber,
      desiredDeliveryDate: original.desiredDeliveryDate,
      amount: original.amount,
      technicalSpec: original.technicalSpec,
      released: false,
      releaseDate: null,
      closed: false,
      archived: false,
      recipients: { mode: 'ALL', suppliers: [] },
    });
    expect(
      copy.files.map((file: { filename: string; fileType: string }) => [file.filename, file.fileType]),
    ).toEqual(
      original.files.map((file: { filename: string; fileType: string }) => [file.filename, file.fileType]),
    );
    const pdf = copy.files.find((file: { filename: string }) => file.filename === 'Schaltplan.pdf');
    const bytes = await api.download(world().customer, copy.id, pdf.id);
    expect(bytes.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    // The copy's files are its own: deleting one leaves the original's file.
    await post(world().customer, '/api/enquiry/file/delete', { enquiryId: copy.id, fileId: pdf.id });
    const originalPdf = original.files.find(
      (file: { filename: string }) => file.filename === 'Schaltplan.pdf',
    );
    expect((await api.download(world().customer, id, originalPdf.id)).rawPayload.equals(SAMPLES.pdf)).toBe(
      true,
    );
  });
});
