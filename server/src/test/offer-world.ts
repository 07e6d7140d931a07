import type { FileType } from '@portal/domain/enums';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications, users } from '../db/schema';
import { multipartForm } from '../files/testing/multipart-form';
import { mailHeader, readMailsTo } from '../mail/testing/read-mail';
import {
  completeBody,
  createDraft,
  dayFromToday,
  type EnquiryWorld,
  enquiryApi,
  SAMPLES,
} from './enquiry-world';
import { createArticle, createManufacturer, createUnit } from './factories';
import { as, type Session, uploadFile } from './test-app';

export { dayFromToday, SAMPLES };

/** A BOM of four lines: two matched, one not found, one supplied part. */
const BOM_CSV = Buffer.from(
  [
    'Menge;ME;Hersteller;Bestellnummer;BMK;Beistellung',
    '2;Stk;Siemens;3RT2015-1BB41;-K1;',
    '12;Stk;Siemens;5SY4106-7;-F1;',
    '1;Stk;Siemens;NOPE-999;-K3;',
    '1;Stk;Kunde;SPS-4711;-A1;beigestellt',
    '',
  ].join('\r\n'),
  'utf8',
);
const MAPPING = [
  { importHeader: 'Menge', bomField: 'quantity' },
  { importHeader: 'ME', bomField: 'unit' },
  { importHeader: 'Hersteller', bomField: 'manufacturer' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
  { importHeader: 'BMK', bomField: 'bmk' },
  { importHeader: 'Beistellung', bomField: 'isSuppliedPart' },
];

/** The catalog the BOM matches against (call once per world). */
export async function createOfferCatalog(world: EnquiryWorld) {
  const db = world.ctx.db;
  const piece = await createUnit(db, { displayName: 'Stück', nameVariants: ['Stk'] });
  const siemens = await createManufacturer(db, { displayName: 'Siemens AG', nameVariants: ['Siemens'] });
  const contactor = await createArticle(db, {
    orderNumber: '3RT2015-1BB41',
    manufacturerId: siemens.id,
    unitId: piece.id,
    listPrice: 42.5,
  });
  const breaker = await createArticle(db, {
    orderNumber: '5SY4106-7',
    manufacturerId: siemens.id,
    unitId: piece.id,
    listPrice: 9.9,
  });
  const replacement = await createArticle(db, {
    orderNumber: '3RT2016-1BB42',
    manufacturerId: siemens.id,
    unitId: piece.id,
  });
  return { contactor, breaker, replacement };
}

/** The e-mail addresses of a company's users. */
export async function emailsOf(world: EnquiryWorld, companyId: string): Promise<string[]> {
  const rows = await world.ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.companyId, companyId));
  return rows.map((row) => row.email);
}

/** The mails to a company's users whose subject contains `subject`, after the queued mails were sent. */
export async function mailsToCompany(
  world: EnquiryWorld,
  companyId: string,
  subject: string,
): Promise<string[]> {
  await world.ctx.drainJobs();
  const mails: string[] = [];
  for (const email of await emailsOf(world, companyId)) {
    mails.push(
      ...readMailsTo(world.ctx.mailDir, email).filter((mail) =>
        mailHeader(mail, 'Subject').includes(subject),
      ),
    );
  }
  return mails;
}

/** The texts of the notifications of a company's users. */
export async function notificationTextsOf(world: EnquiryWorld, companyId: string): Promise<string[]> {
  const rows = await world.ctx.db
    .select({ text: notifications.text })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(users.companyId, companyId));
  return rows.map((row) => row.text);
}

/** The offer calls as the web app makes them. */
export function offerApi(world: () => EnquiryWorld) {
  const app = () => world().ctx.app;
  const get = (session: Session | null, url: string) => as(app(), session, { method: 'GET', url });
  const post = (session: Session | null, url: string, payload: object) =>
    as(app(), session, { method: 'POST', url, payload });
  return {
    create: (session: Session | null, enquiryId: string) => post(session, '/api/offer/', { enquiryId }),
    get: (session: Session | null, id: string) => get(session, `/api/offer/?id=${id}`),
    /** The draft form's values on the offer's state as `reader` loads it now (with its lastUpdate). */
    values: async (offerId: string, extra: object = {}, reader: Session = world().supplier) =>
      offerValues(offerId, {
        lastUpdate: (await get(reader, `/api/offer/?id=${offerId}`)).json().lastUpdate,
        ...extra,
      }),
    update: (session: Session | null, body: object) => post(session, '/api/offer/update', body),
    release: (session: Session | null, body: object) => post(session, '/api/offer/release', body),
    stateChange: (session: Session | null, offerId: string, state: string, extra = '') =>
      get(session, `/api/offer/statechange?offerId=${offerId}&state=${state}${extra}`),
    revise: (session: Session | null, offerId: string) => post(session, '/api/offer/revise', { offerId }),
    archive: (session: Session | null, offerIds: string[]) =>
      post(session, '/api/offer/archive', { offerIds }),
    list: (session: Session | null, query = '') => get(session, `/api/offer/filter${query}`),
    ofEnquiry: (session: Session | null, enquiryId: string) =>
      get(session, `/api/offer/enquiry?enquiryId=${enquiryId}`),
    revision: (session: Session | null, offerId: string) =>
      get(session, `/api/offer/revision?offerId=${offerId}`),
    compare: (session: Session | null, enquiryId: string) =>
      get(session, `/api/offer/compare?enquiryId=${enquiryId}`),
    articles: (session: Session | null, offerId: string, query = '') =>
      get(session, `/api/offer/articles?offerId=${offerId}${query}`),
    summed: (session: Session | null, offerId: string) =>
      get(session, `/api/offer/articles/summed?offerId=${offerId}`),
    updateArticle: (session: Session | null, body: object) =>
      post(session, '/api/offer/article/update', body),
    upload: (
      session: Session | null,
      offerId: string,
      filename: string,
      content: Buffer,
      fileType?: FileType,
    ) => uploadFile(app(), session, `/api/offer/${offerId}/file`, { filename, content, fileType }),
    download: (session: Session | null, offerId: string, fileId: string) =>
      get(session, `/api/offer/${offerId}/file/${fileId}`),
    enquiryFile: (session: Session | null, offerId: string, fileId: string) =>
      get(session, `/api/offer/${offerId}/enquiry-file/${fileId}`),
    deleteFile: (session: Session | null, offerId: string, fileId: string) =>
      post(session, '/api/offer/file/delete', { offerId, fileId }),
  };
}
export type OfferApi = ReturnType<typeof offerApi>;

/**
 * A released enquiry of the world's customer with a circuit diagram and a mapped four-line BOM, addressed
 * to all suppliers (or the chosen ones); returns its id.
 */
export async function releasedEnquiryWithBom(
  world: () => EnquiryWorld,
  options: { recipients?: object; title?: string } = {},
): Promise<string> {
  const enquiries = enquiryApi(world);
  const customer = world().customer;
  const id = await createDraft(enquiries, customer, {
    ...completeBody(options.title),
    price: 12_000,
    technicalSpec: { packaging: 'EURO_BOX' },
  });
  expect((await enquiries.upload(customer, id, 'Schaltplan.pdf', SAMPLES.pdf)).statusCode).toBe(201);
  const upload = await as(world().ctx.app, customer, {
    method: 'POST',
    url: '/api/enquiry/bom/upload',
    ...multipartForm([
      { name: 'enquiryId', value: id },
      { name: 'file', filename: 'Stückliste.csv', content: BOM_CSV },
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const map = await as(world().ctx.app, customer, {
    method: 'POST',
    url: '/api/enquiry/bom/map',
    payload: { enquiryId: id, headerRowIndex: 1, fieldMapping: MAPPING, suppliedPartString: 'beigestellt' },
  });
  expect(map.statusCode, map.body).toBe(200);
  const release = await enquiries.release(customer, id, options.recipients);
  expect(release.statusCode, release.body).toBe(200);
  return id;
}

/** The supplier's values that a release needs (SPEC §5). */
export function offerValues(offerId: string, extra: object = {}) {
  return {
    offerId,
    offerNumber: 'AN-2026-0815',
    price: 14_250.5,
    deliveryCondition: 'DAP',
    desiredDeliveryDate: dayFromToday(90),
    additionalInfoSupplier: 'Lieferung in zwei Teilen möglich.',
    technicalSpec: { packaging: 'EURO_BOX' },
    ...extra,
  };
}

/** An offer of `session` on the enquiry, with its values, an offer PDF and released; returns its id. */
export async function releasedOffer(api: OfferApi, session: Session, enquiryId: string, extra: object = {}) {
  const created = await api.create(session, enquiryId);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  expect((await api.upload(session, id, 'Angebot.pdf', SAMPLES.pdf, 'OFFER')).statusCode).toBe(201);
  const release = await api.release(session, await api.values(id, extra, session));
  expect(release.statusCode, release.body).toBe(200);
  return id;
}
