import { SIGNED_DOCUMENT_REASONS } from '@portal/domain/rules/offer-documents';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { useEnquiryWorld } from '../../test/enquiry-world';
import { offerApi, offerValues, releasedEnquiryWithBom, SAMPLES } from '../../test/offer-world';
import { as } from '../../test/test-app';

/**
 * SPEC §4 signed documents: the offer file from release, the order from acceptance, the order confirmation
 * from confirmation stay as they are. Nobody deletes them or adds another file of their type (409 with the
 * document's German reason); the offer's other files follow the upload rights as before.
 */

const world = useEnquiryWorld();
const api = offerApi(world);

type Session = ReturnType<typeof world>['supplier'];
type FileRef = { id: string; filename: string; fileType: string };

function expectFixed(response: LightMyRequestResponse, document: keyof typeof SIGNED_DOCUMENT_REASONS) {
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json()).toMatchObject({
    code: 'SIGNED_DOCUMENT_FIXED',
    message: SIGNED_DOCUMENT_REASONS[document],
  });
}

async function upload(
  session: Session,
  id: string,
  name: string,
  fileType?: Parameters<typeof api.upload>[4],
) {
  const response = await api.upload(session, id, name, SAMPLES.pdf, fileType);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as FileRef;
}

async function filesOf(id: string): Promise<FileRef[]> {
  return (await api.get(world().supplier, id)).json().files;
}

/** The refused file is still there, bytes and all. */
async function expectKept(id: string, file: FileRef) {
  expect((await filesOf(id)).map((each) => each.id)).toContain(file.id);
  const download = await api.download(world().supplier, id, file.id);
  expect(download.statusCode).toBe(200);
  expect(download.rawPayload.equals(SAMPLES.pdf)).toBe(true);
}

/** The supplier's offer on a new enquiry with its offer PDF, released with the state it was loaded in. */
async function releasedOffer(): Promise<string> {
  const enquiryId = await releasedEnquiryWithBom(world);
  const id = (await api.create(world().supplier, enquiryId)).json().id as string;
  await upload(world().supplier, id, 'Angebot.pdf', 'OFFER');
  const { lastUpdate } = (await api.get(world().supplier, id)).json();
  const release = await api.release(world().supplier, { ...offerValues(id), lastUpdate });
  expect(release.statusCode, release.body).toBe(200);
  return id;
}

/** A released offer with the customer's order, accepted; returns the offer and its two documents. */
async function acceptedOffer() {
  const id = await releasedOffer();
  const offerFile = (await filesOf(id)).find((file) => file.fileType === 'OFFER')!;
  const order = await upload(world().customer, id, 'Bestellung.pdf', 'ORDER');
  const note = await upload(world().customer, id, 'Hinweise.pdf', 'UNKNOWN');
  const accepted = await api.stateChange(world().customer, id, 'ACCEPTED');
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { id, offerFile, order, note };
}

describe('signed offer documents', () => {
  it('draft: the supplier still deletes and replaces its offer file; the others do not see the offer', async () => {
    const enquiryId = await releasedEnquiryWithBom(world);
    const id = (await api.create(world().supplier, enquiryId)).json().id as string;
    const first = await upload(world().supplier, id, 'Angebot.pdf', 'OFFER');
    for (const session of [world().customer, world().operator]) {
      expect((await api.deleteFile(session, id, first.id)).statusCode).toBe(404);
    }
    expect((await api.deleteFile(world().supplier, id, first.id)).statusCode).toBe(204);
    const second = await upload(world().supplier, id, 'Angebot neu.pdf');
    expect(second.fileType).toBe('OFFER');
  });

  it('released: the offer file is fixed for both sides; the customer still replaces its own order', async () => {
    const id = await releasedOffer();
    const [offerFile] = await filesOf(id);
    expectFixed(await api.deleteFile(world().supplier, id, offerFile!.id), 'OFFER');
    expectFixed(await api.deleteFile(world().customer, id, offerFile!.id), 'OFFER');
    expect((await api.deleteFile(world().operator, id, offerFile!.id)).statusCode).toBe(404);
    await expectKept(id, offerFile!);

    // No second offer file beside the released one: a chosen OFFER is refused, a proposed one not made.
    expectFixed(await api.upload(world().customer, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER'), 'OFFER');
    expect((await upload(world().customer, id, 'Angebot gegengezeichnet.pdf')).fileType).toBe('UNKNOWN');

    const order = await upload(world().customer, id, 'Bestellung.pdf', 'ORDER');
    expect((await api.deleteFile(world().customer, id, order.id)).statusCode).toBe(204);
  });

  it('accepted (/order): offer file and order are fixed; the order confirmation is not yet', async () => {
    const { id, offerFile, order, note } = await acceptedOffer();
    expectFixed(await api.deleteFile(world().supplier, id, offerFile.id), 'OFFER');
    // A file of the other side that is no signed document: still only its side removes it.
    const othersFile = await api.deleteFile(world().supplier, id, note.id);
    expect(othersFile.statusCode).toBe(403);
    expect(othersFile.json().code).toBe('OFFER_FORBIDDEN');
    expectFixed(await api.deleteFile(world().supplier, id, order.id), 'ORDER');
    expectFixed(await api.deleteFile(world().customer, id, order.id), 'ORDER');
    expectFixed(await api.deleteFile(world().customer, id, offerFile.id), 'OFFER');
    for (const file of [offerFile, order]) {
      expect((await api.deleteFile(world().operator, id, file.id)).statusCode).toBe(404);
      await expectKept(id, file);
    }

    expectFixed(await api.upload(world().supplier, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER'), 'OFFER');
    expectFixed(await api.upload(world().supplier, id, 'Bestellung.pdf', SAMPLES.pdf, 'ORDER'), 'ORDER');
    expect((await upload(world().supplier, id, 'Angebot Nachtrag.pdf')).fileType).toBe('UNKNOWN');

    // The supplier's working files and a not yet binding confirmation come and go as before.
    const drawing = await upload(world().supplier, id, 'Schaltplan.pdf', 'CIRCUIT_DIAGRAM');
    expect((await api.deleteFile(world().supplier, id, drawing.id)).statusCode).toBe(204);
    const draftConfirmation = await upload(world().supplier, id, 'AB.pdf', 'ORDER_CONFIRMATION');
    expect((await api.deleteFile(world().supplier, id, draftConfirmation.id)).statusCode).toBe(204);
  });

  it('confirmed (/job): offer file, order and order confirmation are fixed for everyone', async () => {
    const { id, offerFile, order } = await acceptedOffer();
    const confirmation = await upload(world().supplier, id, 'Auftragsbestätigung.pdf', 'ORDER_CONFIRMATION');
    const confirmed = await api.stateChange(world().supplier, id, 'CONFIRMED');
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    for (const session of [world().supplier, world().customer]) {
      expectFixed(await api.deleteFile(session, id, offerFile.id), 'OFFER');
      expectFixed(await api.deleteFile(session, id, order.id), 'ORDER');
      expectFixed(await api.deleteFile(session, id, confirmation.id), 'ORDER_CONFIRMATION');
    }
    for (const file of [offerFile, order, confirmation]) {
      expect((await api.deleteFile(world().operator, id, file.id)).statusCode).toBe(404);
      await expectKept(id, file);
    }
    expect((await filesOf(id)).map((file) => file.fileType).sort()).toEqual([
      'OFFER',
      'ORDER',
      'ORDER_CONFIRMATION',
      'UNKNOWN',
    ]);

    // The project folder holds working files: there a copy of the offer comes and goes as before.
    const folderId = (await api.get(world().supplier, id)).json().folderId as string;
    const copy = await as(world().ctx.app, world().supplier, {
      method: 'POST',
      url: '/api/offer/businessdata/',
      ...multipartForm([
        { name: 'folderId', value: folderId },
        { name: 'file', filename: 'Angebot.pdf', content: SAMPLES.pdf },
      ]),
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const removed = await as(world().ctx.app, world().supplier, {
      method: 'POST',
      url: '/api/offer/businessdata/delete',
      payload: { folderId, itemIds: [copy.json().id] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('declined: the offer file is fixed; the rest of the declined offer is closed by its state', async () => {
    const id = await releasedOffer();
    const [offerFile] = await filesOf(id);
    const order = await upload(world().customer, id, 'Bestellung.pdf', 'ORDER');
    const declined = await api.stateChange(
      world().customer,
      id,
      'DECLINED',
      '&rejectionReason=PROJECT_NOT_REALIZED',
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expectFixed(await api.deleteFile(world().supplier, id, offerFile!.id), 'OFFER');
    expectFixed(await api.deleteFile(world().customer, id, offerFile!.id), 'OFFER');
    const orderDelete = await api.deleteFile(world().customer, id, order.id);
    expect(orderDelete.statusCode).toBe(409);
    expect(orderDelete.json().code).toBe('OFFER_STATE_CONFLICT');
    expect((await api.deleteFile(world().operator, id, offerFile!.id)).statusCode).toBe(404);
    await expectKept(id, offerFile!);
  });
});
