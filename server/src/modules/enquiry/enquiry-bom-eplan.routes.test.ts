import { beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { createDraft, enquiryApi, useEnquiryWorld } from '../../test/enquiry-world';
import { createArticle, createManufacturer, createUnit } from '../../test/factories';
import { as, type Session } from '../../test/test-app';

const world = useEnquiryWorld();
const api = enquiryApi(world);

/**
 * An EPLAN P8 "Artikelstückliste" as the trade exports it: a title block and a banner above the header row 7,
 * the structure prefixes on a line below the names, manufacturers as EPLAN codes, "Beistellung" in the
 * part type column, and the description and ERP number of each part.
 */
const EPLAN_CSV = Buffer.from(
  [
    'Artikelstückliste;;;;;;;;;;;;',
    'Projekt: 4711 Schaltschrank;;;;;;;;;;;;',
    'Kunde: Muster GmbH;;;;;;;;;;;;',
    'Erstellt: 12.03.2026;;;;;;;;;;;;',
    'EPLAN;;;;;;;;;;;;',
    'Stückliste – alle Einbauorte;;;;;;;;;;;;',
    '"Modul\n==";"Funktion\n=";"Aufstellort\n++";"Einbauort\n+";"BMK\n-";ERP- Nummer;Stückzahl;Bestellnummer;Hersteller;Typ;Bezeichnung;Teileart;Funktionsgruppe',
    '==A;=01;++S1;+M1;-X1;100234;40;3209510;PHO;PT 2,5;Durchgangsklemme;Elektrotechnik;Klemmen',
    '==A;=01;++S1;+M1;-K1;100500;2;3RT2015-1BB41;SIE;3RT2015-1BB41;Leistungsschütz;Elektrotechnik;Schütze',
    '==A;=01;++S1;+M1;-A1;;1;SPS-4711;KUNDE;CPU;Steuerung des Kunden;Beistellung;Steuerung',
    '',
  ].join('\r\n'),
  'utf8',
);

beforeAll(async () => {
  const db = world().ctx.db;
  const piece = await createUnit(db, { displayName: 'Stück', nameVariants: ['Stk'] });
  // The EPLAN codes as name variants (as the demo master data and eplan-manufacturer-codes.csv have them).
  const phoenix = await createManufacturer(db, { displayName: 'Phoenix Contact', nameVariants: ['PHO'] });
  const siemens = await createManufacturer(db, { displayName: 'Siemens', nameVariants: ['SIE'] });
  await createArticle(db, { manufacturerId: phoenix.id, orderNumber: '3209510', unitId: piece.id });
  await createArticle(db, { manufacturerId: siemens.id, orderNumber: '3RT2015-1BB41', unitId: piece.id });
});

const bom = {
  upload: (session: Session, enquiryId: string) =>
    as(world().ctx.app, session, {
      method: 'POST',
      url: '/api/enquiry/bom/upload',
      ...multipartForm([
        { name: 'enquiryId', value: enquiryId },
        { name: 'file', filename: 'Artikelstückliste.csv', content: EPLAN_CSV },
      ]),
    }),
  map: (session: Session, payload: object) =>
    as(world().ctx.app, session, { method: 'POST', url: '/api/enquiry/bom/map', payload }),
  lines: (session: Session, enquiryId: string) =>
    as(world().ctx.app, session, { method: 'GET', url: `/api/enquiry/bom/lines?enquiryId=${enquiryId}` }),
};

describe('an EPLAN-shaped BOM through upload, proposal and mapping', () => {
  it('proposes row 7, every EPLAN column, the supplied-part column by its values; lines carry description and ERP number', async () => {
    const id = await createDraft(api, world().customer);
    const uploaded = await bom.upload(world().customer, id);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const proposal = uploaded.json();
    expect(proposal.headerRowIndex).toBe(7);
    expect(proposal.proposedMapping).toEqual([
      { importHeader: 'Modul ==', bomField: 'functionDesignation' },
      { importHeader: 'Funktion =', bomField: 'functionalAssignment' },
      { importHeader: 'Aufstellort ++', bomField: 'locationIdentifier' },
      { importHeader: 'Einbauort +', bomField: 'installationLocation' },
      { importHeader: 'BMK -', bomField: 'bmk' },
      { importHeader: 'ERP- Nummer', bomField: 'erpNumber' },
      { importHeader: 'Stückzahl', bomField: 'quantity' },
      { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
      { importHeader: 'Hersteller', bomField: 'manufacturer' },
      { importHeader: 'Typ', bomField: 'manufacturerNumber' },
      { importHeader: 'Bezeichnung', bomField: 'description' },
      { importHeader: 'Teileart', bomField: 'isSuppliedPart' },
    ]);
    expect(proposal.proposedSuppliedPartString).toBe('beistellung');
    expect(proposal.fieldMapping).toBeNull();

    // The customer takes the proposal as it is.
    const mapped = await bom.map(world().customer, {
      enquiryId: id,
      headerRowIndex: 7,
      fieldMapping: proposal.proposedMapping,
      suppliedPartString: proposal.proposedSuppliedPartString,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);

    const lines = await bom.lines(world().customer, id);
    expect(lines.statusCode).toBe(200);
    const byBmk = Object.fromEntries(
      (lines.json().content as { bmk: string }[]).map((line) => [line.bmk, line]),
    );
    expect(byBmk['-X1']).toMatchObject({
      status: 'MATCHED',
      manufacturerName: 'PHO',
      description: 'Durchgangsklemme',
      erpNumber: '100234',
      functionDesignation: '==A',
      locationIdentifier: '++S1',
    });
    expect(byBmk['-K1']).toMatchObject({
      status: 'MATCHED',
      manufacturerName: 'SIE',
      description: 'Leistungsschütz',
      erpNumber: '100500',
    });
    expect(byBmk['-A1']).toMatchObject({
      status: 'SUPPLIED',
      isSuppliedPart: true,
      description: 'Steuerung des Kunden',
      erpNumber: null,
    });
  });

  it('without such values no text is proposed', async () => {
    const id = await createDraft(api, world().customer);
    const plain = Buffer.from('Menge;Bestellnummer;Beigestellt\r\n1;3209510;x\r\n', 'utf8');
    const uploaded = await as(world().ctx.app, world().customer, {
      method: 'POST',
      url: '/api/enquiry/bom/upload',
      ...multipartForm([
        { name: 'enquiryId', value: id },
        { name: 'file', filename: 'Stückliste.csv', content: plain },
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({
      proposedMapping: [
        { importHeader: 'Menge', bomField: 'quantity' },
        { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
        { importHeader: 'Beigestellt', bomField: 'isSuppliedPart' },
      ],
      proposedSuppliedPartString: null,
    });
  });
});
