import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleAlternativeNumbers } from '../../db/schema';
import { mailHeader, mailText } from '../../mail/testing/read-mail';
import { type SmtpSink, startSmtpSink } from '../../mail/testing/smtp-sink';
import {
  createActor,
  createArticle,
  createDiscountGroup,
  createEclassEntry,
  createManufacturer,
  createUnit,
} from '../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';
import { exportBatches } from './article-export';

let ctx: TestContext;
let sink: SmtpSink;
let staff: Session;
let staffEmail: string;
let customer: Session;
let rittal: { id: string };
let siemens: { id: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ smtpUrl: sink.url });
  const operator = await createActor(ctx.db, 'ADMIN', { admin: true });
  const employee = await createActor(ctx.db, 'ADMIN', { companyId: operator.company.id });
  staffEmail = employee.user.email;
  staff = await signIn(ctx.app, staffEmail);
  customer = await signIn(ctx.app, (await createActor(ctx.db, 'CUSTOMER', { admin: true })).user.email);
  rittal = await createManufacturer(ctx.db, { displayName: 'Rittal' });
  siemens = await createManufacturer(ctx.db, { displayName: 'Siemens' });
  const unit = await createUnit(ctx.db, { displayName: 'Stück' });
  const group = await createDiscountGroup(ctx.db, {
    manufacturerId: rittal.id,
    displayName: 'G1',
    percent: 40,
  });
  const eclass = await createEclassEntry(ctx.db, { eclassNumber: '27180101' });
  const enclosure = await createArticle(ctx.db, {
    manufacturerId: rittal.id,
    orderNumber: '1060.500',
    manufacturerNumber: 'AX 1060.000',
    description: 'Kompaktgehäuse "AX"; Stahlblech\nmit Montageplatte',
    unitId: unit.id,
    listPrice: 312.4,
    purchasePrice: 250,
    priceUnitSize: 1,
    width: 60,
    height: 60,
    depth: 25,
    weight: 12.75,
    discountGroupId: group.id,
    eclassId: eclass.id,
    rohs: true,
    copperBaseValue: 150,
    countryOfOriginAbbreviation: 'DE',
    articleImportSource: 'CSV',
  });
  await ctx.db.insert(articleAlternativeNumbers).values([
    { articleId: enclosure.id, kind: 'ORDER', number: '1060500', position: 0 },
    { articleId: enclosure.id, kind: 'ORDER', number: 'AX1060', position: 1 },
  ]);
  await createArticle(ctx.db, {
    manufacturerId: rittal.id,
    orderNumber: null,
    manufacturerNumber: 'SZ 2500.100',
    description: 'Montageplatte',
    listPrice: 48,
  });
  await createArticle(ctx.db, {
    manufacturerId: rittal.id,
    orderNumber: '8806.000',
    manufacturerNumber: null,
    description: null,
    listPrice: 9999,
  });
  await createArticle(ctx.db, { manufacturerId: siemens.id, orderNumber: '3RT2015-1BB41', listPrice: 48.9 });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

function requestExport(session: Session | null, payload: Record<string, unknown>) {
  return as(ctx.app, session, { method: 'POST', url: '/api/article/export', payload });
}

const HEADER =
  '"Hersteller";"Herstellernummer";"Bestellnummer";"ERP-Nummer";"Beschreibung";"Einheit";"Listenpreis (EUR)";' +
  '"Einkaufspreis (EUR)";"Preiseinheit";"Verpackungseinheit";"Bestellmengeneinheit";"Mindestbestellmenge";' +
  '"Breite (cm)";"Höhe (cm)";"Tiefe (cm)";"Gewicht (kg)";"Rabattgruppe";"E-Class";"EAN";"Zuschlagskennzeichen";' +
  '"Kupferkennzeichen";"Kupferbasis";"Kupfergewicht (kg)";"Zolltarifnummer";"Ursprungsland";"RoHS";' +
  '"Lieferzeit (Tage)";"Herstellerlink";"Bild";"Importquelle";"Alternative Bestellnummern";"Alternative Herstellernummern"\r\n';

describe('POST /api/article/export', () => {
  it('writes the filtered catalog as CSV (BOM, every cell quoted, semicolons) and mails the user', async () => {
    const response = await requestExport(staff, { manufacturer: rittal.id, maxPrice: 1000 });
    expect(response.statusCode, response.body).toBe(202);
    const { fileName, path } = response.json();
    expect(fileName).toMatch(/^Artikelexport_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}_[0-9a-f]{4}\.csv$/);
    expect(path).toBe(`exportResult/${fileName}`);
    expect(decodeURIComponent(String(response.headers['x-filename']))).toBe(fileName);
    // Nothing is written before the background job ran.
    expect(await ctx.files.stat(path)).toBeNull();

    expect(await ctx.drainJobs()).toBeGreaterThanOrEqual(1);
    const bytes = await buffer(await ctx.files.open(path));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const expected =
      `\uFEFF${HEADER}` +
      '"Rittal";"AX 1060.000";"1060.500";"";"Kompaktgehäuse ""AX""; Stahlblech\nmit Montageplatte";"Stück";"312,4";"250";' +
      '"1";"";"";"";"60";"60";"25";"12,75";"G1";"27180101";"";"";"";"150";"";"";"DE";"ja";"";"";"";"Import";' +
      '"1060500\nAX1060";""\r\n' +
      '"Rittal";"SZ 2500.100";"";"";"Montageplatte";"";"48";"";"";"";"";"";"";"";"";"";"";"";"";"";"";"";"";"";"";"";"";"";"";"Manuell";"";""\r\n';
    expect(bytes.toString('utf8')).toBe(expected);
    expect((await ctx.files.list('exportResult/')).map((file) => file.name)).toContain(fileName);

    await expect.poll(() => sink.mails.length).toBeGreaterThanOrEqual(1);
    const mail = sink.mails.at(-1)!;
    expect(mail.to).toEqual([staffEmail]);
    expect(mailHeader(mail.raw, 'Subject')).toBe(`Ihr Artikelexport ist fertig: ${fileName}`);
    const body = mailText(mail.raw);
    expect(body).toContain('Ihr Artikelexport mit 2 Artikeln ist fertig.');
    expect(body).toContain(`„${fileName}“`);
    expect(body).toContain('http://localhost:3000/article');
  });

  it('filters by search text, price range and import source', async () => {
    const response = await requestExport(staff, {
      orderNumber: '3rt2015',
      minPrice: 40,
      maxPrice: 50,
      importSource: 'MANUAL',
    });
    const { path } = response.json();
    await ctx.drainJobs();
    const lines = (await buffer(await ctx.files.open(path))).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"Siemens";"[^"]*";"3RT2015-1BB41";/);
    const none = await requestExport(staff, { importSource: 'MYSQL' });
    await ctx.drainJobs();
    expect((await buffer(await ctx.files.open(none.json().path))).toString('utf8')).toBe(`\uFEFF${HEADER}`);
  });

  it('answers 400 for a price range upside down, 403 for customers, 401 signed out', async () => {
    const upsideDown = await requestExport(staff, { minPrice: 10, maxPrice: 5 });
    expect(upsideDown.statusCode).toBe(400);
    expect(upsideDown.json().issues[0].message).toBe(
      'Der Mindestpreis darf nicht größer als der Höchstpreis sein.',
    );
    expect((await requestExport(customer, {})).statusCode).toBe(403);
    expect((await requestExport(null, {})).statusCode).toBe(401);
  });
});

describe('exportBatches', () => {
  it('returns every matching article once, in order-number order, across batch borders', async () => {
    const seen: (string | null)[] = [];
    let batches = 0;
    for await (const batch of exportBatches(ctx.db, {}, 2)) {
      batches += 1;
      expect(batch.length).toBeLessThanOrEqual(2);
      seen.push(...batch.map((row) => row.orderNumber ?? row.manufacturerNumber));
    }
    expect(seen).toEqual(['1060.500', '3RT2015-1BB41', '8806.000', 'SZ 2500.100']);
    expect(batches).toBeGreaterThanOrEqual(2);
  });

  it('sizes its batches by their time when no size is given, and still returns every article once', async () => {
    const seen: (string | null)[] = [];
    for await (const batch of exportBatches(ctx.db, {})) {
      seen.push(...batch.map((row) => row.orderNumber ?? row.manufacturerNumber));
    }
    expect(seen).toEqual(['1060.500', '3RT2015-1BB41', '8806.000', 'SZ 2500.100']);
  });
});

describe('the export price filter compares the price of one piece', () => {
  it('finds a terminal at 98 € per 100 between 0,50 and 1,50 €, not between 50 and 120 €', async () => {
    const weidmueller = await createManufacturer(ctx.db, { displayName: 'Weidmüller' });
    const pieces = await createUnit(ctx.db, { displayName: 'Stk' });
    await createArticle(ctx.db, {
      manufacturerId: weidmueller.id,
      orderNumber: '1020000000',
      description: 'Reihenklemme WDU 2.5',
      unitId: pieces.id,
      listPrice: 98,
      priceUnitSize: 100,
    });
    await createArticle(ctx.db, {
      manufacturerId: weidmueller.id,
      orderNumber: '9001000000',
      description: 'Abdeckung, ohne Preiseinheit',
      listPrice: 75,
      priceUnitSize: null,
    });
    const orderNumbers = async (range: { minPrice: number; maxPrice: number }) => {
      const response = await requestExport(staff, { manufacturer: weidmueller.id, ...range });
      expect(response.statusCode, response.body).toBe(202);
      await ctx.drainJobs();
      const text = (await buffer(await ctx.files.open(response.json().path))).toString('utf8');
      return text
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split(';')[2]);
    };
    expect(await orderNumbers({ minPrice: 50, maxPrice: 120 })).toEqual(['"9001000000"']);
    expect(await orderNumbers({ minPrice: 0.5, maxPrice: 1.5 })).toEqual(['"1020000000"']);
    // The bounds are inclusive on the price of one piece.
    expect(await orderNumbers({ minPrice: 0.98, maxPrice: 0.98 })).toEqual(['"1020000000"']);
  });
});
