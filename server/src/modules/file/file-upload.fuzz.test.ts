import { FILE_TYPES } from '@portal/domain/enums';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { chatApi } from '../../test/chat-api';
import { createDraft, enquiryApi, SAMPLES, useEnquiryWorld } from '../../test/enquiry-world';
import {
  BOM_SEEDS,
  CATALOG_SEEDS,
  FIXTURES,
  FUZZ_RUNS,
  type FuzzFile,
  fuzzCase,
  fuzzFile,
} from '../../test/file-fuzz';
import { offerApi, releasedEnquiryWithBom } from '../../test/offer-world';
import { as } from '../../test/test-app';

/**
 * The plain upload routes never answer 5xx for a broken or foreign file: enquiry and offer files, the chat
 * attachment and POST /api/file. Each checks the first bytes against the name and stores the file as it
 * is; afterwards a sound file is still taken.
 */

const world = useEnquiryWorld();
const enquiries = enquiryApi(world);
const offers = offerApi(world);
const chat = chatApi(() => world().ctx.app);

const SEEDS = [FIXTURES.pdf, ...BOM_SEEDS, ...CATALOG_SEEDS, { name: 'Foto.png', content: SAMPLES.png }];
const fileType = fc.option(fc.constantFrom(...FILE_TYPES), { nil: undefined });

async function expectBelow500(
  send: (file: FuzzFile, type: string | undefined) => Promise<{ statusCode: number; body: string }>,
) {
  await fc.assert(
    fc.asyncProperty(fuzzFile(SEEDS), fileType, async (file, type) => {
      const response = await send(file, type);
      expect(response.statusCode, fuzzCase(file, response)).toBeLessThan(500);
    }),
    FUZZ_RUNS,
  );
}

describe('uploads of broken files', () => {
  it('enquiry files', async () => {
    const customer = world().customer;
    const id = await createDraft(enquiries, customer);
    await expectBelow500((file, type) =>
      enquiries.upload(customer, id, file.name, file.content, type as never),
    );
    expect((await enquiries.upload(customer, id, 'Schaltplan.pdf', SAMPLES.pdf)).statusCode).toBe(201);
  });

  it('offer files and the chat attachment', async () => {
    const supplier = world().supplier;
    const enquiryId = await releasedEnquiryWithBom(world);
    const created = await offers.create(supplier, enquiryId);
    expect(created.statusCode, created.body).toBe(201);
    const offerId = created.json().id as string;
    await expectBelow500((file, type) =>
      offers.upload(supplier, offerId, file.name, file.content, type as never),
    );
    expect((await offers.upload(supplier, offerId, 'Angebot.pdf', SAMPLES.pdf, 'OFFER')).statusCode).toBe(
      201,
    );

    const started = await chat.start(supplier, { enquiryId });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const conversationId = started.json().id as string;
    await expectBelow500((file) =>
      chat.send(supplier, conversationId, 'Anbei die Unterlagen.', {
        filename: file.name,
        content: file.content,
      }),
    );
    const sound = await chat.send(supplier, conversationId, 'Anbei', {
      filename: 'a.pdf',
      content: SAMPLES.pdf,
    });
    expect(sound.statusCode, sound.body).toBeLessThan(300);
  });

  it('POST /api/file', async () => {
    const upload = (file: { name: string; content: Buffer }) =>
      as(world().ctx.app, world().operator, {
        method: 'POST',
        url: '/api/file/',
        ...multipartForm([
          { name: 'path', value: 'importSample/' },
          { name: 'file', filename: file.name, content: file.content },
        ]),
      });
    await expectBelow500((file) => upload(file));
    expect((await upload(FIXTURES.catalogCsv)).statusCode).toBe(201);
  });
});
