import { describe, expect, it } from 'vitest';
import { chatApi } from '../../test/chat-api';
import { createReleased, enquiryApi, SAMPLES, useEnquiryWorld } from '../../test/enquiry-world';
import { offerApi } from '../../test/offer-world';
import { as } from '../../test/test-app';

const world = useEnquiryWorld();
const chat = chatApi(() => world().ctx.app);
const enquiries = enquiryApi(world);
const offers = offerApi(world);

/** A conversation of the world's supplier on a fresh enquiry addressed to it alone. */
async function conversationOf(title: string): Promise<{ enquiryId: string; conversationId: string }> {
  const enquiryId = await createReleased(enquiries, world().customer, {
    title,
    recipients: { mode: 'CHOSEN', supplierIds: [world().ids.supplierId] },
  });
  const started = await chat.start(world().supplier, { enquiryId });
  return { enquiryId, conversationId: started.json().id };
}

describe('POST /api/conversation/message/send', () => {
  it('401 signed out; 404 for another tenant and a malformed conversation; 403 for the operator', async () => {
    const { conversationId } = await conversationOf('Senden verboten');
    expect((await chat.send(null, conversationId, 'Hallo')).statusCode).toBe(401);
    expect((await chat.send(world().otherSupplier, conversationId, 'Hallo')).statusCode).toBe(404);
    expect((await chat.send(world().otherCustomer, conversationId, 'Hallo')).statusCode).toBe(404);
    expect((await chat.send(world().customer, 'x', 'Hallo')).statusCode).toBe(404);
    expect((await chat.send(world().operator, conversationId, 'Hallo')).statusCode).toBe(403);
    const stranger = await chat.send(world().otherSupplier, conversationId, 'x', {
      filename: 'Plan.pdf',
      content: SAMPLES.pdf,
    });
    expect(stranger.statusCode).toBe(404);
    expect((await chat.messages(world().customer, conversationId)).json().messages).toEqual([]);
  });

  it('400 for an empty message and an overlong one; 415 for a file type not allowed; nothing kept', async () => {
    const { conversationId } = await conversationOf('Senden falsch');
    const empty = await chat.send(world().supplier, conversationId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Bitte geben Sie eine Nachricht ein oder hängen Sie eine Datei an.');
    expect((await chat.send(world().supplier, conversationId, 'x'.repeat(5001))).statusCode).toBe(400);
    const exe = await chat.send(world().supplier, conversationId, 'Programm', {
      filename: 'setup.exe',
      content: SAMPLES.exe,
    });
    expect(exe.statusCode).toBe(415);
    const disguised = await chat.send(world().supplier, conversationId, 'Plan', {
      filename: 'Plan.pdf',
      content: SAMPLES.exe,
    });
    expect(disguised.statusCode).toBe(415);
    expect((await chat.messages(world().customer, conversationId)).json().messages).toEqual([]);
  });

  it('201 with one attachment: both sides read it, the other side downloads it, strangers get 404', async () => {
    const { conversationId } = await conversationOf('Senden mit Anhang');
    const sent = await chat.send(world().supplier, conversationId, 'Anbei der Klemmenplan.', {
      filename: 'Klemmenplan.pdf',
      content: SAMPLES.pdf,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      conversationId,
      content: 'Anbei der Klemmenplan.',
      companyId: world().ids.supplierId,
      companyName: world().ids.supplierName,
      own: true,
      readDate: null,
      file: { filename: 'Klemmenplan.pdf', size: SAMPLES.pdf.length },
    });
    const seen = (await chat.messages(world().customer, conversationId)).json();
    expect(seen.messages).toMatchObject([{ id: sent.json().id, own: false }]);
    expect(seen.conversation.lastMessage).toMatchObject({ content: 'Anbei der Klemmenplan.', hasFile: true });
    const download = await chat.file(world().customer, sent.json().id);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect((await chat.file(world().otherCustomer, sent.json().id)).statusCode).toBe(404);
    expect((await chat.file(null, sent.json().id)).statusCode).toBe(401);
    const plain = await chat.send(world().customer, conversationId, 'Danke!');
    expect((await chat.file(world().supplier, plain.json().id)).statusCode).toBe(404);
  });
});

describe('reading (SPEC §4: opening marks the other side’s messages read)', () => {
  it('read/all marks only the other side’s messages; counts per conversation and in total', async () => {
    const { conversationId } = await conversationOf('Gelesen markieren');
    const fromSupplier = (await chat.send(world().supplier, conversationId, 'Frage 1')).json();
    await chat.send(world().supplier, conversationId, 'Frage 2');
    const fromCustomer = (await chat.send(world().customer, conversationId, 'Antwort')).json();

    const customerUnread = (await chat.unread(world().customer)).json();
    expect(customerUnread.conversations).toContainEqual({ conversationId, unread: 2 });
    const supplierUnread = (await chat.unread(world().supplier)).json();
    expect(supplierUnread.conversations).toContainEqual({ conversationId, unread: 1 });

    // The supplier opening the chat reads the customer's answer, not its own questions.
    expect((await chat.readAll(world().supplier, conversationId)).json()).toEqual({ marked: 1 });
    let view = (await chat.messages(world().customer, conversationId)).json();
    expect(view.messages.map((m: { readDate: string | null }) => m.readDate !== null)).toEqual([
      false,
      false,
      true,
    ]);
    expect(view.messages[2].readBy).toBe(world().supplier.userId);

    // A colleague of the customer reads for the company.
    expect((await chat.readAll(world().colleague, conversationId)).json()).toEqual({ marked: 2 });
    view = (await chat.messages(world().supplier, conversationId)).json();
    expect(view.messages.every((m: { readDate: string | null }) => m.readDate !== null)).toBe(true);
    expect(view.conversation.lastMessage.readDate).not.toBeNull();
    expect((await chat.unread(world().customer)).json().conversations).not.toContainEqual(
      expect.objectContaining({ conversationId }),
    );
    expect(fromSupplier.id).not.toBe(fromCustomer.id);
  });

  it('read of one message: the own one stays unread; 401, 404 for strangers and malformed ids, 400 without id', async () => {
    const { conversationId } = await conversationOf('Eine Nachricht lesen');
    const own = (await chat.send(world().supplier, conversationId, 'Eigene')).json();
    const other = (await chat.send(world().customer, conversationId, 'Andere')).json();
    expect((await chat.read(null, other.id)).statusCode).toBe(401);
    expect((await chat.read(world().otherSupplier, other.id)).statusCode).toBe(404);
    expect((await chat.read(world().supplier, 'nicht-da')).statusCode).toBe(404);
    expect(
      (
        await as(world().ctx.app, world().supplier, {
          method: 'POST',
          url: '/api/conversation/message/read',
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
    expect((await chat.read(world().supplier, own.id)).statusCode).toBe(204);
    expect((await chat.read(world().supplier, other.id)).statusCode).toBe(204);
    const view = (await chat.messages(world().customer, conversationId)).json();
    expect(
      view.messages.map((m: { id: string; readDate: string | null }) => [m.id, m.readDate !== null]),
    ).toEqual([
      [own.id, false],
      [other.id, true],
    ]);
  });

  it('read/all: 401, 404 for strangers, 403 for the operator; the GET form needs the portal’s own origin', async () => {
    const { conversationId } = await conversationOf('Alle lesen');
    await chat.send(world().supplier, conversationId, 'Hallo');
    expect((await chat.readAll(null, conversationId)).statusCode).toBe(401);
    expect((await chat.readAll(world().otherCustomer, conversationId)).statusCode).toBe(404);
    expect((await chat.readAll(world().operator, conversationId)).statusCode).toBe(403);
    const url = `/api/conversation/message/read/all?conversationId=${conversationId}`;
    const foreign = await world().ctx.app.inject({
      method: 'GET',
      url,
      headers: { cookie: world().customer.cookie, origin: 'https://boese.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const viaGet = await as(world().ctx.app, world().customer, { method: 'GET', url });
    expect(viaGet.json()).toEqual({ marked: 1 });
  });
});

describe('GET /api/conversation/message/unread and the 400s of the attachment calls', () => {
  it('401 signed out, 403 for the operator and externals, 400 without a message id', async () => {
    expect((await chat.unread(null)).statusCode).toBe(401);
    expect((await chat.unread(world().operator)).statusCode).toBe(403);
    expect((await chat.unread(world().external)).statusCode).toBe(403);
    expect((await chat.unread(world().otherCustomer)).json()).toEqual({ total: 0, conversations: [] });
    const noId = await as(world().ctx.app, world().supplier, {
      method: 'GET',
      url: '/api/conversation/message/file',
    });
    expect(noId.statusCode).toBe(400);
    const noType = await as(world().ctx.app, world().supplier, {
      method: 'GET',
      url: '/api/conversation/message/copyfile?messageId=x',
    });
    expect(noType.statusCode).toBe(400);
  });
});

describe('GET /api/conversation/message/copyfile (SPEC §6)', () => {
  it('customers copy into their enquiry draft only; suppliers only in offer chats, into their offer draft', async () => {
    const { enquiryId, conversationId } = await conversationOf('Anhang übernehmen');
    const fromCustomer = (
      await chat.send(world().customer, conversationId, 'Neuer Plan', {
        filename: 'Plan.pdf',
        content: SAMPLES.pdf,
      })
    ).json();
    const fromSupplier = (
      await chat.send(world().supplier, conversationId, 'Liste', {
        filename: 'Klemmen.csv',
        content: SAMPLES.csv,
      })
    ).json();
    const noFile = (await chat.send(world().supplier, conversationId, 'Ohne Anhang')).json();

    expect((await chat.copy(null, fromSupplier.id, 'UNKNOWN')).statusCode).toBe(401);
    expect((await chat.copy(world().otherSupplier, fromSupplier.id, 'UNKNOWN')).statusCode).toBe(404);
    expect((await chat.copy(world().supplier, fromSupplier.id, 'KEIN_TYP')).statusCode).toBe(400);
    // A chat on the enquiry only: the supplier may not copy; the customer's enquiry is released (read-only).
    const supplierEarly = await chat.copy(world().supplier, fromCustomer.id, 'CIRCUIT_DIAGRAM');
    expect(supplierEarly.statusCode).toBe(403);
    expect(supplierEarly.json().code).toBe('CHAT_COPY_NOT_ALLOWED');
    expect((await chat.copy(world().customer, fromSupplier.id, 'LABELLING')).statusCode).toBe(403);
    expect((await chat.messages(world().customer, conversationId)).json().copyTarget).toBeNull();

    // The supplier's offer continues the chat: now it copies into the offer draft.
    const offerId = (await offers.create(world().supplier, enquiryId)).json().id as string;
    await chat.start(world().supplier, { offerId });
    expect((await chat.messages(world().supplier, conversationId)).json().copyTarget).toBe('OFFER');
    expect((await chat.copy(world().supplier, noFile.id, 'UNKNOWN')).statusCode).toBe(404);
    const wrongType = await chat.copy(world().supplier, fromCustomer.id, 'LABELLING');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().code).toBe('CHAT_COPY_TYPE');
    const copied = await chat.copy(world().supplier, fromCustomer.id, 'CIRCUIT_DIAGRAM');
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json()).toMatchObject({ target: 'OFFER', targetId: offerId, filename: 'Plan.pdf' });
    const again = await chat.copy(world().supplier, fromCustomer.id, 'CIRCUIT_DIAGRAM');
    expect(again.json().filename).not.toBe('Plan.pdf');
    const offer = (await offers.get(world().supplier, offerId)).json();
    const file = offer.files.find((f: { id: string }) => f.id === copied.json().fileId);
    expect(file).toMatchObject({ filename: 'Plan.pdf', fileType: 'CIRCUIT_DIAGRAM' });
    const download = await offers.download(world().supplier, offerId, copied.json().fileId);
    expect(download.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    // Customers never copy out of an offer chat.
    expect((await chat.copy(world().customer, fromSupplier.id, 'LABELLING')).statusCode).toBe(403);
  });

  it('a customer copies from a chat without an offer into the enquiry once it is a draft again', async () => {
    const { enquiryId, conversationId } = await conversationOf('Anhang in den Entwurf');
    const sent = (
      await chat.send(world().supplier, conversationId, 'Vorschlag', {
        filename: 'Klemmen.csv',
        content: SAMPLES.csv,
      })
    ).json();
    const released = await chat.copy(world().customer, sent.id, 'LABELLING');
    expect(released.statusCode).toBe(403);
    await world().ctx.database.executeSql('update enquiries set released = false where id = $1', [enquiryId]);
    expect((await chat.messages(world().customer, conversationId)).json().copyTarget).toBe('ENQUIRY');
    const copied = await chat.copy(world().customer, sent.id, 'LABELLING');
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json()).toMatchObject({ target: 'ENQUIRY', targetId: enquiryId, filename: 'Klemmen.csv' });
    const enquiry = (await enquiries.get(world().customer, enquiryId)).json();
    expect(
      enquiry.files.map((f: { filename: string; fileType: string }) => [f.filename, f.fileType]),
    ).toContainEqual(['Klemmen.csv', 'LABELLING']);
  });
});
