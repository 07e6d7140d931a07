import * as XLSX from '@e965/xlsx';
import { MISSING_BOM_NUMBER_MAPPING } from '@portal/domain/schemas/bom';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminBoms, bomLines } from '../../db/schema';
import { SAMPLES } from '../../test/enquiry-world';
import {
  adminBomApi,
  adminBomSteps,
  EPLAN_HEADERS,
  EPLAN_XLSX,
  eplanMapBody,
  useAdminBomWorld,
} from './testing/admin-bom-world';

const world = useAdminBomWorld();
const api = adminBomApi(world);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const { uploaded, mapped, storedFiles } = adminBomSteps(world, api);

function sheetRows(book: XLSX.WorkBook, name: string): unknown[][] {
  const sheet = book.Sheets[name];
  if (!sheet) throw new Error(`sheet ${name} missing`);
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
}

describe('upload, header row and mapping', () => {
  it('upload proposes the header in row 3 and a mapping; a new result without lines', async () => {
    const before = storedFiles().length;
    const response = await api.upload(world().staff, 'Stückliste Linie 4.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    const bom = response.json();
    expect(bom).toMatchObject({
      bomFileName: 'Stückliste Linie 4.xlsx',
      size: EPLAN_XLSX.length,
      headerRowIndex: 3,
      headers: EPLAN_HEADERS,
      fieldMapping: null,
      suppliedPartString: null,
      lineCounts: null,
      successRate: null,
    });
    expect(bom.proposedMapping).toContainEqual({ importHeader: 'Bestellnummer', bomField: 'orderNumber' });
    expect(storedFiles()).toHaveLength(before + 1);
    const [row] = await world().ctx.db.select().from(adminBoms).where(eq(adminBoms.id, bom.id));
    expect(row?.storageKey).toMatch(new RegExp(`^admin-bom/${bom.id}/[0-9a-f-]{36}$`));
  });

  it('a given header row is taken; header changes it; map gives counts and the success rate', async () => {
    const first = await api.upload(world().operator, 'Stückliste.xlsx', EPLAN_XLSX, '1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().headerRowIndex).toBe(1);
    const id = first.json().id;

    const header = await api.header(world().operator, { id, headerRowIndex: 3 });
    expect(header.statusCode, header.body).toBe(200);
    expect(header.json()).toMatchObject({
      id,
      headerRowIndex: 3,
      headers: EPLAN_HEADERS,
      fieldMapping: null,
    });

    const map = await api.map(world().operator, eplanMapBody(id));
    expect(map.statusCode, map.body).toBe(200);
    expect(map.json()).toMatchObject({
      id,
      fieldMapping: eplanMapBody(id).fieldMapping,
      suppliedPartString: 'beigestellt',
      lineCounts: {
        total: 4,
        byStatus: { MATCHED: 2, NOT_FOUND: 1, SUPPLIED: 1, DUPLICATE: 0, WRONG_UNIT: 0, MISSING_VALUES: 0 },
      },
      successRate: 50,
    });

    // Re-mapping replaces the lines: only the order number mapped, the supplied PLC is just not found.
    const again = await api.map(
      world().staff,
      eplanMapBody(id, {
        fieldMapping: [{ importHeader: 'Bestellnummer', bomField: 'orderNumber' }],
        suppliedPartString: null,
      }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().lineCounts.total).toBe(4);
    expect(again.json().lineCounts.byStatus.SUPPLIED).toBe(0);
    const lines = await world().ctx.db.select().from(bomLines).where(eq(bomLines.adminBomId, id));
    expect(lines).toHaveLength(4);

    // Another header row with other headers: mapping and lines are gone.
    const other = await api.header(world().operator, { id, headerRowIndex: 1 });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ fieldMapping: null, lineCounts: null, successRate: null });
    expect((await api.lines(world().operator, id)).json()).toMatchObject({ content: [], totalElements: 0 });
  });

  it('422 for a mapping of another header row or with a column the header row lacks', async () => {
    const id = await uploaded();
    const otherRow = await api.map(world().operator, eplanMapBody(id, { headerRowIndex: 2 }));
    expect(otherRow.statusCode).toBe(422);
    expect(otherRow.json().code).toBe('BOM_MAPPING_OUTDATED');
    const unknown = await api.map(
      world().operator,
      eplanMapBody(id, { fieldMapping: [{ importHeader: 'Artikel', bomField: 'orderNumber' }] }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toContain('„Artikel“');
  });

  it('400 for malformed bodies and fields', async () => {
    const id = await uploaded();
    expect((await api.header(world().operator, { id, headerRowIndex: 0 })).statusCode).toBe(400);
    expect((await api.header(world().operator, { id: 'abc', headerRowIndex: 3 })).statusCode).toBe(400);
    expect((await api.header(world().operator, {})).statusCode).toBe(400);
    const noNumber = await api.map(
      world().operator,
      eplanMapBody(id, { fieldMapping: [{ importHeader: 'Menge', bomField: 'quantity' }] }),
    );
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().issues).toContainEqual({
      path: 'body.fieldMapping',
      message: MISSING_BOM_NUMBER_MAPPING,
    });
    expect((await api.map(world().operator, { ...eplanMapBody(id), id: 'abc' })).statusCode).toBe(400);
    expect((await api.lines(world().operator, id, '&status=KAPUTT')).statusCode).toBe(400);
    // The house answer to a malformed record id in the query string is "not found" (error-handler.ts).
    expect((await api.load(world().operator, 'abc')).statusCode).toBe(404);
    expect((await api.remove(world().operator, 'abc,def')).statusCode).toBe(400);
    expect((await api.list(world().operator, '?paginationSize=0')).statusCode).toBe(400);
    const before = storedFiles().length;
    const badRow = await api.upload(world().operator, 'Stückliste.xlsx', EPLAN_XLSX, 'x');
    expect(badRow.statusCode).toBe(400);
    expect(badRow.json().message).toMatch(/Zahl größer 0/);
    expect(storedFiles()).toHaveLength(before);
  });

  it('415 with a German message for a non-BOM file, and nothing is kept', async () => {
    const before = storedFiles().length;
    const { totalElements } = (await api.list(world().operator)).json();
    const exe = await api.upload(world().operator, 'setup.exe', SAMPLES.exe);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe(
      'Die Datei „setup.exe“ ist keine Stückliste im erlaubten Format. Erlaubt sind: .xlsx, .xls, .csv.',
    );
    const pngAsXlsx = await api.upload(world().operator, 'Stückliste.xlsx', SAMPLES.png);
    expect(pngAsXlsx.statusCode).toBe(415);
    expect(pngAsXlsx.json().message).toMatch(/Stückliste\.xlsx/);
    expect(storedFiles()).toHaveLength(before);
    expect((await api.list(world().operator)).json().totalElements).toBe(totalElements);
  });

  it('404 for an unknown result', async () => {
    expect((await api.header(world().operator, { id: UNKNOWN_ID, headerRowIndex: 3 })).statusCode).toBe(404);
    expect((await api.map(world().operator, eplanMapBody(UNKNOWN_ID))).statusCode).toBe(404);
    const load = await api.load(world().operator, UNKNOWN_ID);
    expect(load.statusCode).toBe(404);
    expect(load.json().code).toBe('ADMIN_BOM_NOT_FOUND');
    expect((await api.remove(world().operator, UNKNOWN_ID)).statusCode).toBe(404);
  });
});

describe('history and results', () => {
  it('the history lists the newest first with line count, success rate and uploader', async () => {
    const older = await mapped(world().operator);
    const newer = await uploaded(world().staff);
    const response = await api.list(world().staff, '?page=0&paginationSize=2');
    expect(response.statusCode, response.body).toBe(200);
    const { content, totalElements } = response.json();
    expect(totalElements).toBeGreaterThanOrEqual(2);
    expect(content.map((item: { id: string }) => item.id)).toEqual([newer, older]);
    expect(content[0]).toMatchObject({ bomFileName: 'Stückliste.xlsx', lineCount: null, successRate: null });
    expect(content[1]).toMatchObject({ lineCount: 4, successRate: 50 });
    expect(content[1].createdByName).toEqual(expect.any(String));
    expect(content[1].createDate).toEqual(expect.any(String));
  });

  it('load, lines page (filters, errors only), summed BOM', async () => {
    const id = await mapped();
    const load = await api.load(world().staff, id);
    expect(load.statusCode, load.body).toBe(200);
    expect(load.json()).toMatchObject({ id, headerRowIndex: 3, successRate: 50, lineCounts: { total: 4 } });

    const page = await api.lines(world().operator, id, '&column=rowNumber&page=0&paginationSize=10');
    expect(page.statusCode, page.body).toBe(200);
    const lines = page.json();
    expect(lines.totalElements).toBe(4);
    expect(lines.counts.byStatus.MATCHED).toBe(2);
    expect(lines.content.map((line: { status: string }) => line.status)).toEqual([
      'MATCHED',
      'MATCHED',
      'NOT_FOUND',
      'SUPPLIED',
    ]);
    expect(lines.content[1].matchedArticleId).toBe(world().catalog.contactor);
    expect(lines.content[1].price).toBe(40);
    const errorsOnly = (await api.lines(world().operator, id, '&errorsOnly=true')).json();
    expect(errorsOnly.content.map((line: { orderNumber: string }) => line.orderNumber)).toEqual(['4510013']);
    const matched = (await api.lines(world().operator, id, '&status=MATCHED')).json();
    expect(matched.totalElements).toBe(2);

    const summed = await api.summed(world().staff, id);
    expect(summed.statusCode, summed.body).toBe(200);
    expect(summed.json().content).toHaveLength(4);
    expect(summed.json().totalPrice).toBe(58);
  });

  it('an unmapped result has no lines and no summed BOM; its export is refused (409)', async () => {
    const id = await uploaded();
    expect((await api.lines(world().operator, id)).json()).toMatchObject({ content: [], totalElements: 0 });
    expect((await api.summed(world().operator, id)).json()).toEqual({ content: [], totalPrice: 0 });
    const exported = await api.export(world().operator, id);
    expect(exported.statusCode).toBe(409);
    expect(exported.json().code).toBe('ADMIN_BOM_NOT_MAPPED');
  });

  it('the original file downloads as uploaded', async () => {
    const id = await uploaded();
    const response = await api.file(world().staff, id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(EPLAN_XLSX)).toBe(true);
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''St%C3%BCckliste.xlsx");
  });

  it('the export is a readable workbook: every line with its German status and article, and the summed BOM', async () => {
    const id = await mapped();
    const response = await api.export(world().staff, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('Ergebnis.xlsx');
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Ergebnis', 'Summenstückliste']);
    const rows = sheetRows(book, 'Ergebnis');
    expect(rows[0]).toEqual([
      'Zeile',
      'Menge',
      'Einheit',
      'Hersteller',
      'Bestellnummer',
      'Herstellernummer',
      'BMK',
      'Bezeichnung',
      'ERP-Nummer',
      'Status',
      'Artikel: Bestellnummer',
      'Artikel: Herstellernummer',
      'Artikel: Hersteller',
      'Artikel: Bezeichnung',
      'Preis',
    ]);
    expect(rows).toHaveLength(5);
    expect(rows.slice(1).map((row) => row[9])).toEqual([
      'Zugeordnet',
      'Zugeordnet',
      'Nicht gefunden',
      'Beigestellt',
    ]);
    expect(rows[2]).toEqual([
      5,
      1,
      'Stk',
      'Siemens',
      '3RT2015-1BB41',
      '',
      '-K1',
      // no "Bezeichnung" or "ERP-Nummer" column mapped
      '',
      '',
      'Zugeordnet',
      '3RT2015-1BB41',
      expect.any(String),
      'Siemens AG',
      'Schütz 3RT2015',
      40,
    ]);
    const summed = sheetRows(book, 'Summenstückliste');
    expect(summed[0]?.[0]).toBe('Bestellnummer');
    expect(summed.at(-1)).toEqual(['Summe', '', '', '', '', '', '', 58]);
  });

  it('cells that look like formulas are written as text, never as formulas', async () => {
    const csv = Buffer.from(
      'Menge;ME;Bestellnummer;BMK\r\n1;Stk;3RT2015-1BB41;=1+2\r\n2;Stk;+49-170;@SUM(A1)\r\n1;Stk;NOPE-2;-K3\r\n',
      'utf8',
    );
    const upload = await api.upload(world().operator, 'Formeln.csv', csv);
    expect(upload.statusCode, upload.body).toBe(200);
    const id = upload.json().id;
    const map = await api.map(world().operator, {
      id,
      headerRowIndex: 1,
      fieldMapping: [
        { importHeader: 'Menge', bomField: 'quantity' },
        { importHeader: 'ME', bomField: 'unit' },
        { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
        { importHeader: 'BMK', bomField: 'bmk' },
      ],
    });
    expect(map.statusCode, map.body).toBe(200);
    expect(map.json().successRate).toBe(33.3);
    const response = await api.export(world().operator, id);
    expect(response.statusCode).toBe(200);
    const book = XLSX.read(response.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets.Ergebnis as XLSX.WorkSheet;
    const cells = Object.entries(sheet).filter(([address]) => !address.startsWith('!'));
    expect(cells.every(([, cell]) => (cell as XLSX.CellObject).f === undefined)).toBe(true);
    expect(sheet.G2).toMatchObject({ t: 's', v: '=1+2' });
    expect(sheet.E3).toMatchObject({ t: 's', v: '+49-170' });
    expect(sheet.G3).toMatchObject({ t: 's', v: '@SUM(A1)' });
  });

  it('delete removes the results, their lines and their files', async () => {
    const first = await mapped();
    const second = await uploaded();
    const db = world().ctx.db;
    const keys = (await db.select().from(adminBoms)).filter((row) => [first, second].includes(row.id));
    expect(keys).toHaveLength(2);
    const files = storedFiles().length;
    const response = await api.remove(world().staff, `${first},${second}`);
    expect(response.statusCode, response.body).toBe(204);
    expect((await api.load(world().operator, first)).statusCode).toBe(404);
    expect((await api.load(world().operator, second)).statusCode).toBe(404);
    expect(await db.select().from(bomLines).where(eq(bomLines.adminBomId, first))).toHaveLength(0);
    for (const row of keys) expect(await world().ctx.files.stat(row.storageKey)).toBeNull();
    expect(storedFiles()).toHaveLength(files - 2);
    const ids = (await api.list(world().operator, '?paginationSize=100'))
      .json()
      .content.map((item: { id: string }) => item.id);
    expect(ids).not.toContain(first);
    // One unknown id among known ones: nothing is removed.
    const kept = await uploaded();
    expect((await api.remove(world().operator, `${kept},${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await api.load(world().operator, kept)).statusCode).toBe(200);
  });
});
