import { CSV_BOM } from '@portal/domain/rules/csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle, createEclassEntry } from '../../test/factories';
import { createFieldValueSessions, type FieldValueSessions } from '../../test/field-value-sessions';
import { expectChangedMeanwhile } from '../../test/lost-update';
import { multipartFile } from '../../test/multipart';
import { as, createTestApp, type Session, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let s: FieldValueSessions;
beforeAll(async () => {
  ctx = await createTestApp();
  s = await createFieldValueSessions(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const get = (session: Session | null, url: string) => as(ctx.app, session, { method: 'GET', url });
const post = (session: Session | null, url: string, payload: unknown) =>
  as(ctx.app, session, { method: 'POST', url, payload: payload as object });
const importCsv = (content: string, filename = 'eclass.csv', session: Session | null = s.admin) =>
  as(ctx.app, session, {
    method: 'POST',
    url: '/api/eclass/import',
    ...multipartFile(content, { filename }),
  });
const entry = {
  eclassNumber: '27371001',
  description: 'Leistungsschütz',
  workTime: 12.5,
  firstLevelOrder: 27,
  secondLevelOrder: 37,
};

describe('access', () => {
  it('401 signed out, 403 for customers, 403 for operator staff on changes', async () => {
    const { id, updatedAt } = await createEclassEntry(ctx.db);
    for (const url of [`/api/eclass/?eclassMappingId=${id}`, '/api/eclass/all']) {
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get(s.customer, url)).statusCode).toBe(403);
      expect((await get(s.staff, url)).statusCode).toBe(200);
    }
    for (const url of [`/api/eclass/delete/many?eclassIds=${id}`, '/api/eclass/export']) {
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get(s.staff, url)).statusCode).toBe(403);
    }
    expect((await post(null, '/api/eclass/', entry)).statusCode).toBe(401);
    expect((await post(s.staff, '/api/eclass/', entry)).statusCode).toBe(403);
    const update = { ...entry, id, lastUpdate: updatedAt.toISOString() };
    expect((await post(s.customer, '/api/eclass/update', update)).statusCode).toBe(403);
    expect((await post(s.staff, '/api/eclass/update', update)).statusCode).toBe(403);
    expect((await post(s.customer, '/api/eclass/all/articles', [])).statusCode).toBe(403);
    expect((await importCsv('x', 'a.csv', s.staff)).statusCode).toBe(403);
  });
});

describe('E-Class calls', () => {
  it('creates, loads with change entries, updates; a taken number answers 409 with the SPEC text', async () => {
    const created = await post(s.admin, '/api/eclass/', entry);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject(entry);
    const { id, lastUpdate } = created.json();
    const duplicate = await post(s.admin, '/api/eclass/', { ...entry, description: 'Anders' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('E-Class ID bereits vorhanden');
    const updated = await post(s.admin, '/api/eclass/update', { ...entry, id, lastUpdate, workTime: 15 });
    expect(updated.json().workTime).toBe(15);
    const detail = (await get(s.admin, `/api/eclass/?eclassMappingId=${id}`)).json();
    expect(detail.changeEntries.map((change: { field: string }) => change.field)).toContain('workTime');
  });

  it('a save answers with the change entries, as loading does: the creation first, then each change', async () => {
    const created = await post(s.admin, '/api/eclass/', { ...entry, eclassNumber: '27371003' });
    expect(created.statusCode).toBe(201);
    const { changeEntries: createdChanges, ...saved } = created.json();
    expect(createdChanges).toEqual(expect.any(Array));
    const loaded = (await get(s.admin, `/api/eclass/?eclassMappingId=${saved.id}`)).json();
    expect(createdChanges).toEqual(loaded.changeEntries);
    expect(createdChanges.every((change: { oldValue: unknown }) => change.oldValue === null)).toBe(true);

    const updated = await post(s.admin, '/api/eclass/update', { ...saved, workTime: 20 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().changeEntries).toEqual(
      (await get(s.admin, `/api/eclass/?eclassMappingId=${saved.id}`)).json().changeEntries,
    );
    expect(updated.json().changeEntries).toContainEqual(
      expect.objectContaining({ field: 'workTime', oldValue: '12.5', newValue: '20' }),
    );
  });

  it('no lost update: the second of two saves from the same loaded state is refused, the first kept', async () => {
    const { id } = await createEclassEntry(ctx.db, { workTime: 5 });
    const loaded = (await get(s.otherAdmin, `/api/eclass/?eclassMappingId=${id}`)).json();
    const { changeEntries: _, ...form } = loaded;
    const first = await post(s.admin, '/api/eclass/update', { ...form, workTime: 7.5 });
    expect(first.statusCode).toBe(200);
    const second = await post(s.otherAdmin, '/api/eclass/update', { ...form, description: 'Klemme' });
    await expectChangedMeanwhile(ctx.db, second, s.admin.userId);
    const kept = (await get(s.admin, `/api/eclass/?eclassMappingId=${id}`)).json();
    expect(kept).toMatchObject({ ...first.json(), description: loaded.description });

    const reloaded = first.json();
    const fresh = await post(s.otherAdmin, '/api/eclass/update', { ...reloaded, description: 'Klemme' });
    const freshEntry = fresh.json();
    expect(freshEntry).toMatchObject({ workTime: 7.5, description: 'Klemme' });
    const again = await post(s.otherAdmin, '/api/eclass/update', { ...freshEntry, workTime: 8 });
    expect(again.json().workTime).toBe(8);
  });

  it('400 unless the number has exactly 8 digits and all fields are given; workTime defaults to 0', async () => {
    for (const payload of [
      { ...entry, eclassNumber: '2737100' },
      { ...entry, eclassNumber: '27-37-10-01' },
      { ...entry, description: '' },
      { ...entry, firstLevelOrder: undefined },
      { ...entry, workTime: -1 },
    ]) {
      expect((await post(s.admin, '/api/eclass/', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const { workTime: _, ...withoutWorkTime } = { ...entry, eclassNumber: '27371002' };
    expect((await post(s.admin, '/api/eclass/', withoutWorkTime)).json().workTime).toBe(0);
  });

  it('lists with search and sort; refuses deleting an entry used by an article', async () => {
    const used = await createEclassEntry(ctx.db, {
      eclassNumber: '27141101',
      description: 'Reihenklemme',
      workTime: 2,
    });
    const unused = await createEclassEntry(ctx.db, {
      eclassNumber: '27141102',
      description: 'Endhalter',
      workTime: 1,
    });
    await createArticle(ctx.db, { eclassId: used.id });
    const list = (
      await get(
        s.admin,
        '/api/eclass/all?search=27-14-11&column=workTime&sortDescending=true&withAmount=true',
      )
    ).json();
    expect(
      list.content.map((e: { id: string; usedByArticleAmount: number }) => [e.id, e.usedByArticleAmount]),
    ).toEqual([
      [used.id, 1],
      [unused.id, 0],
    ]);
    expect((await get(s.admin, '/api/eclass/all?search=endhalter')).json().totalElements).toBe(1);
    const response = await get(s.admin, `/api/eclass/delete/many?eclassIds=${used.id},${unused.id}`);
    expect(response.json()).toEqual({ deleted: [unused.id], failed: [used.id] });
  });

  it('POST /all/articles returns the eclassMap; an empty list gives an empty map', async () => {
    const eclass = await createEclassEntry(ctx.db, { workTime: 3 });
    const withEclass = await createArticle(ctx.db, { eclassId: eclass.id });
    const without = await createArticle(ctx.db);
    const response = await post(s.staff, '/api/eclass/all/articles', [withEclass.id, without.id]);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().eclassMap)).toEqual([withEclass.id]);
    expect(response.json().eclassMap[withEclass.id]).toMatchObject({ id: eclass.id, workTime: 3 });
    expect((await post(s.admin, '/api/eclass/all/articles', [])).json()).toEqual({ eclassMap: {} });
    expect((await post(s.admin, '/api/eclass/all/articles', ['x'])).statusCode).toBe(400);
  });
});

describe('E-Class CSV', () => {
  it('exports as E-Class_DD.MM.YYYY.csv and re-imports the export unchanged', async () => {
    const response = await get(s.admin, '/api/eclass/export');
    expect(response.statusCode).toBe(200);
    const today = new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Berlin',
    }).format(new Date());
    expect(response.headers['content-disposition']).toContain(`filename="E-Class_${today}.csv"`);
    expect(response.body.startsWith(`${CSV_BOM}"E-Class-Nummer";"Beschreibung"`)).toBe(true);
    const list = async () => (await get(s.admin, '/api/eclass/all?paginationSize=1000')).json();
    const entries = await list();
    const reimport = await importCsv(response.body);
    expect(reimport.statusCode).toBe(200);
    const rows = response.body.trim().split(/\r?\n/).length - 1;
    expect(rows).toBeGreaterThan(0);
    expect(reimport.json()).toEqual({ created: 0, updated: 0, unchanged: rows });
    // Nothing was written: the change times are those of before.
    expect(await list()).toEqual(entries);
    expect((await get(s.admin, '/api/eclass/export')).body).toBe(response.body);
  });

  it('imports new and changed entries with commas or semicolons, hyphenated numbers, German decimals', async () => {
    const text =
      'E-Class-Nummer,Beschreibung,Arbeitszeit in Minuten pro Stück,Sortierung 1. Ebene,Sortierung 2. Ebene\r\n' +
      '27-37-10-01,"Leistungsschütz, AC",7,27,37\r\n27-24-22-04,Sicherungsautomat,"4,5",27,24\r\n';
    const response = await importCsv(text);
    expect(response.json()).toEqual({ created: 1, updated: 1, unchanged: 0 });
    const found = (await get(s.admin, '/api/eclass/all?search=27242204')).json();
    expect(found.content[0]).toMatchObject({ eclassNumber: '27242204', workTime: 4.5 });
  });

  it('417 with row and column, all or nothing; CSV only', async () => {
    const before = (await get(s.admin, '/api/eclass/export')).body;
    const header =
      '"E-Class-Nummer";"Beschreibung";"Arbeitszeit in Minuten pro Stück";"Sortierung 1. Ebene";"Sortierung 2. Ebene"';
    const bad = await importCsv(
      `${header}\n"27000001";"Neu";"1";"27";"0"\n"2700001";"Kaputt";"1";"27";"0"\n`,
    );
    expect(bad.statusCode).toBe(417);
    expect(bad.json().message).toBe(
      'Zeile 3, Spalte „E-Class-Nummer“: Die E-Class-Nummer muss aus genau 8 Ziffern bestehen.',
    );
    const twice = await importCsv(`${header}\n"27000001";"A";"1";"1";"1"\n"27000001";"B";"1";"1";"1"\n`);
    expect(twice.json().message).toContain('Zeile 3');
    expect((await importCsv(`${header}\n`, 'eclass.xlsx')).statusCode).toBe(417);
    expect((await get(s.admin, '/api/eclass/export')).body).toBe(before);
  });
});
