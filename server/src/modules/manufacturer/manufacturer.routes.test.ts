import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articles,
  discountGroupNames,
  discountGroups,
  importConfigs,
  manufacturerNames,
} from '../../db/schema';
import { createArticle, createDiscountGroup, createManufacturer } from '../../test/factories';
import { createFieldValueSessions, type FieldValueSessions } from '../../test/field-value-sessions';
import { expectChangedMeanwhile } from '../../test/lost-update';
import { as, createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let s: FieldValueSessions;
beforeAll(async () => {
  ctx = await createTestApp();
  s = await createFieldValueSessions(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const get = (session: FieldValueSessions[keyof FieldValueSessions] | null, url: string) =>
  as(ctx.app, session, { method: 'GET', url });
const post = (session: FieldValueSessions[keyof FieldValueSessions] | null, url: string, payload: unknown) =>
  as(ctx.app, session, { method: 'POST', url, payload: payload as object });

describe('access', () => {
  it('401 signed out, 403 for customers on every call, 403 for operator staff on changes', async () => {
    const { id } = await createManufacturer(ctx.db);
    const reads = [`/api/manufacturer/?id=${id}`, '/api/manufacturer/all', '/api/manufacturer/name?name=x'];
    const changes = [
      `/api/manufacturer/delete?manufacturerIds=${id}`,
      `/api/manufacturer/combine?manufacturerIds=${id},${(await createManufacturer(ctx.db)).id}`,
      `/api/manufacturer/delete/article?manufacturerId=${id}&targetManufacturerId=${(await createManufacturer(ctx.db)).id}`,
    ];
    for (const url of [...reads, ...changes]) {
      expect((await get(null, url)).statusCode, url).toBe(401);
      expect((await get(s.customer, url)).statusCode, url).toBe(403);
    }
    for (const url of reads) expect((await get(s.staff, url)).statusCode, url).toBe(200);
    for (const url of changes) expect((await get(s.staff, url)).statusCode, url).toBe(403);
    const { lastUpdate } = (await get(s.admin, `/api/manufacturer/?id=${id}`)).json();
    for (const session of [s.staff, s.customer]) {
      expect((await post(session, '/api/manufacturer/', { displayName: 'X' })).statusCode).toBe(403);
      expect(
        (await post(session, '/api/manufacturer/update', { id, displayName: 'X', lastUpdate })).statusCode,
      ).toBe(403);
    }
    expect((await post(null, '/api/manufacturer/', { displayName: 'X' })).statusCode).toBe(401);
  });

  it('refuses the GET changes when the browser marks them cross-site', async () => {
    const { id } = await createManufacturer(ctx.db);
    const response = await as(ctx.app, s.admin, {
      method: 'GET',
      url: `/api/manufacturer/delete?manufacturerIds=${id}`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect((await get(s.admin, `/api/manufacturer/?id=${id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/manufacturer/update: no lost update', () => {
  it('refuses the second of two saves from the same loaded state and keeps the first', async () => {
    const { id } = await createManufacturer(ctx.db, { displayName: 'Rittal Schaltschrank' });
    const loaded = (await get(s.otherAdmin, `/api/manufacturer/?id=${id}`)).json();
    const save = (session: typeof s.admin, values: object) =>
      post(session, '/api/manufacturer/update', { ...loaded, ...values });

    const first = await save(s.admin, { link: 'https://www.rittal.de' });
    expect(first.statusCode).toBe(200);
    expect(first.json().lastUpdate).not.toBe(loaded.lastUpdate);
    const second = await save(s.otherAdmin, { link: null, abbreviation: 'RI' });
    await expectChangedMeanwhile(ctx.db, second, s.admin.userId);
    expect((await get(s.admin, `/api/manufacturer/?id=${id}`)).json()).toMatchObject(first.json());

    // Reloaded, the second editor saves; and saves again with the answer's lastUpdate.
    const fresh = await save(s.otherAdmin, { ...first.json(), abbreviation: 'RI' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ link: 'https://www.rittal.de', abbreviation: 'RI' });
    const again = await save(s.otherAdmin, { ...fresh.json(), abbreviation: 'RIS' });
    expect(again.statusCode).toBe(200);
    expect(again.json().abbreviation).toBe('RIS');
  });

  it('400 without lastUpdate, and nothing changes', async () => {
    const { id } = await createManufacturer(ctx.db, { displayName: 'Hager Verteiler' });
    const response = await post(s.admin, '/api/manufacturer/update', {
      id,
      displayName: 'Hager Verteiler SE',
    });
    expect(response.statusCode).toBe(400);
    expect((await get(s.admin, `/api/manufacturer/?id=${id}`)).json().displayName).toBe('Hager Verteiler');
  });
});

describe('POST /api/manufacturer/ and /update', () => {
  it('creates with trimmed names, reads it back and updates it', async () => {
    const created = await post(s.admin, '/api/manufacturer/', {
      displayName: '  Phoenix Contact ',
      nameVariants: [' Phoenix', 'PHOENIX CONTACT GmbH & Co. KG'],
      abbreviation: 'PXC',
      link: 'https://www.phoenixcontact.com/de',
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      displayName: 'Phoenix Contact',
      nameVariants: ['Phoenix', 'PHOENIX CONTACT GmbH & Co. KG'],
    });
    expect((await get(s.admin, `/api/manufacturer/?id=${body.id}`)).json()).toMatchObject(body);

    const updated = await post(s.admin, '/api/manufacturer/update', {
      id: body.id,
      lastUpdate: body.lastUpdate,
      displayName: 'Phoenix',
      nameVariants: ['Phoenix Contact'],
      abbreviation: '',
      link: null,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      displayName: 'Phoenix',
      nameVariants: ['Phoenix Contact'],
      abbreviation: null,
      link: null,
    });
    const names = await ctx.db.select().from(manufacturerNames).where(eq(manufacturerNames.itemId, body.id));
    expect(names.map((n) => n.nameLower).sort()).toEqual(['phoenix', 'phoenix contact']);

    // SPEC §3: the form's history names each changed field with its old and new value, newest first.
    const history = (await get(s.staff, `/api/manufacturer/?id=${body.id}`)).json().changeEntries;
    const change = (field: string) =>
      history.find(
        (entry: { field: string; oldValue: string | null }) => entry.field === field && entry.oldValue,
      );
    expect(change('displayName')).toMatchObject({ oldValue: 'Phoenix Contact', newValue: 'Phoenix' });
    expect(change('nameVariants')).toMatchObject({
      oldValue: 'Phoenix, PHOENIX CONTACT GmbH & Co. KG',
      newValue: 'Phoenix Contact',
    });
    expect(change('abbreviation')).toMatchObject({ oldValue: 'PXC', newValue: null });
    expect(change('link')).toMatchObject({ oldValue: 'https://www.phoenixcontact.com/de', newValue: null });
    expect(history).toHaveLength(8);
  });

  it('refuses a name used on the same or another manufacturer (case-insensitive) with 409', async () => {
    await createManufacturer(ctx.db, { displayName: 'Weidmüller', abbreviation: 'WI' });
    for (const payload of [
      { displayName: 'WEIDMÜLLER' },
      { displayName: 'Neu 1', nameVariants: ['weidmüller '] },
      { displayName: 'Neu 2', abbreviation: 'wi' },
      { displayName: 'Neu 3', nameVariants: ['A', 'a'] },
    ]) {
      const response = await post(s.admin, '/api/manufacturer/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json().message).toBe('Diese Bezeichnung wird bereits verwendet.');
    }
  });

  it('400 for a missing display name, a link that is no URL or a line break in a name; 404 for an unknown id', async () => {
    for (const payload of [
      {},
      { displayName: '  ' },
      { displayName: 'X', link: 'www example' },
      { displayName: 'a\nb' },
    ]) {
      expect((await post(s.admin, '/api/manufacturer/', payload)).statusCode, JSON.stringify(payload)).toBe(
        400,
      );
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    const lastUpdate = new Date().toISOString();
    expect(
      (await post(s.admin, '/api/manufacturer/update', { id: missing, displayName: 'X', lastUpdate }))
        .statusCode,
    ).toBe(404);
    expect((await get(s.admin, `/api/manufacturer/?id=${missing}`)).statusCode).toBe(404);
    // A malformed id names no record either (http/record-id-query.ts).
    expect((await get(s.admin, '/api/manufacturer/?id=abc')).statusCode).toBe(404);
  });
});

describe('GET /api/manufacturer/all and /name', () => {
  it('pages, searches over variants and sorts by name or usedByArticleAmount', async () => {
    const tag = `zz${Date.now()}`;
    const a = await createManufacturer(ctx.db, { displayName: `${tag} Alpha` });
    const b = await createManufacturer(ctx.db, {
      displayName: `${tag} Beta`,
      nameVariants: [`${tag} Variante`],
    });
    const c = await createManufacturer(ctx.db, { displayName: `${tag} Gamma` });
    await createArticle(ctx.db, { manufacturerId: c.id });
    await createArticle(ctx.db, { manufacturerId: c.id });
    await createArticle(ctx.db, { manufacturerId: b.id });

    const page = await get(
      s.admin,
      `/api/manufacturer/all?search=${tag}&page=0&paginationSize=2&withAmount=true`,
    );
    expect(page.json()).toMatchObject({ totalElements: 3 });
    expect(
      page
        .json()
        .content.map((m: { id: string; usedByArticleAmount: number }) => [m.id, m.usedByArticleAmount]),
    ).toEqual([
      [a.id, 0],
      [b.id, 1],
    ]);
    const byAmount = await get(
      s.admin,
      `/api/manufacturer/all?search=${tag}&column=usedByArticleAmount&sortDescending=true`,
    );
    expect(byAmount.json().content.map((m: { id: string }) => m.id)).toEqual([c.id, b.id, a.id]);
    const variant = await get(s.admin, `/api/manufacturer/all?search=${tag}%20VARIANTE`);
    expect(variant.json().content.map((m: { id: string }) => m.id)).toEqual([b.id]);
    expect(page.json().content[0].usedByArticleAmount).toBe(0);
    expect(
      (await get(s.admin, `/api/manufacturer/all?search=${tag}`)).json().content[0].usedByArticleAmount,
    ).toBeUndefined();
    expect((await get(s.admin, '/api/manufacturer/all?column=foo')).statusCode).toBe(400);
  });

  it('finds by substring of any name, exact match first', async () => {
    const exact = await createManufacturer(ctx.db, { displayName: 'Finder', abbreviation: 'FI' });
    const partial = await createManufacturer(ctx.db, { displayName: 'Pathfinder Systems' });
    const response = await get(s.admin, '/api/manufacturer/name?name=FINDER');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((m: { id: string; exactMatch: boolean }) => [m.id, m.exactMatch])).toEqual([
      [exact.id, true],
      [partial.id, false],
    ]);
    expect((await get(s.admin, '/api/manufacturer/name?name=50%25')).json()).toEqual([]);
    expect((await get(s.admin, '/api/manufacturer/name')).statusCode).toBe(400);
  });
});

describe('GET /api/manufacturer/delete', () => {
  it('deletes unused manufacturers and reports the used ones as failed', async () => {
    const unused = await createManufacturer(ctx.db);
    const used = await createManufacturer(ctx.db);
    const withGroup = await createManufacturer(ctx.db);
    await createArticle(ctx.db, { manufacturerId: used.id });
    await createDiscountGroup(ctx.db, { manufacturerId: withGroup.id });
    const response = await get(
      s.admin,
      `/api/manufacturer/delete?manufacturerIds=${unused.id},${used.id},${withGroup.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: [unused.id], failed: [used.id, withGroup.id] });
    expect((await get(s.admin, `/api/manufacturer/?id=${used.id}`)).statusCode).toBe(200);
    expect((await get(s.admin, '/api/manufacturer/delete?manufacturerIds=nope')).statusCode).toBe(400);
  });
});

describe('GET /api/manufacturer/combine', () => {
  it('moves articles and discount groups to the survivor and joins all names as variants', async () => {
    const survivor = await createManufacturer(ctx.db, { displayName: 'Rittal', abbreviation: 'RIT' });
    const other = await createManufacturer(ctx.db, {
      displayName: 'RITTAL GmbH',
      nameVariants: ['Rittal GmbH & Co. KG'],
      abbreviation: 'RI',
    });
    const third = await createManufacturer(ctx.db, { displayName: 'Rital (Tippfehler)' });
    const survivorGroup = await createDiscountGroup(ctx.db, {
      manufacturerId: survivor.id,
      displayName: 'RG 1',
    });
    const clashing = await createDiscountGroup(ctx.db, {
      manufacturerId: other.id,
      displayName: 'rg 1',
      nameVariants: ['RG eins'],
    });
    const moving = await createDiscountGroup(ctx.db, { manufacturerId: third.id, displayName: 'RG 2' });
    const a1 = await createArticle(ctx.db, { manufacturerId: other.id, discountGroupId: clashing.id });
    const a2 = await createArticle(ctx.db, { manufacturerId: third.id, discountGroupId: moving.id });
    const [config] = await ctx.db
      .insert(importConfigs)
      .values({ title: 'Katalog RITTAL GmbH', description: 'Preisliste', manufacturerId: other.id })
      .returning();

    const response = await get(
      s.admin,
      `/api/manufacturer/combine?manufacturerIds=${survivor.id},${other.id},${third.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: survivor.id, combined: 2 });

    const merged = (await get(s.admin, `/api/manufacturer/?id=${survivor.id}`)).json();
    expect(merged.nameVariants).toEqual(['RITTAL GmbH', 'RI', 'Rittal GmbH & Co. KG', 'Rital (Tippfehler)']);
    expect((await get(s.admin, `/api/manufacturer/?id=${other.id}`)).statusCode).toBe(404);
    const moved = await ctx.db.select().from(articles).where(eq(articles.manufacturerId, survivor.id));
    expect(moved.map((a) => [a.id, a.discountGroupId]).sort()).toEqual(
      [
        [a1.id, survivorGroup.id],
        [a2.id, moving.id],
      ].sort(),
    );
    const groups = await ctx.db
      .select()
      .from(discountGroups)
      .where(eq(discountGroups.manufacturerId, survivor.id));
    expect(groups.map((g) => g.id).sort()).toEqual([survivorGroup.id, moving.id].sort());
    expect(groups.find((g) => g.id === survivorGroup.id)?.nameVariants).toEqual(['RG eins']);
    // the import configuration follows the survivor instead of losing its manufacturer
    const [movedConfig] = await ctx.db.select().from(importConfigs).where(eq(importConfigs.id, config!.id));
    expect(movedConfig?.manufacturerId).toBe(survivor.id);
    const movedNames = await ctx.db
      .select()
      .from(discountGroupNames)
      .where(
        and(eq(discountGroupNames.itemId, moving.id), eq(discountGroupNames.manufacturerId, survivor.id)),
      );
    expect(movedNames).toHaveLength(1);
    const search = (await get(s.admin, '/api/manufacturer/name?name=rittal gmbh')).json();
    expect(search.map((m: { id: string }) => m.id)).toEqual([survivor.id]);
  });

  it('uses targetId as survivor; 400 for fewer than two, 404 for unknown ids', async () => {
    const first = await createManufacturer(ctx.db);
    const second = await createManufacturer(ctx.db);
    const response = await get(
      s.admin,
      `/api/manufacturer/combine?manufacturerIds=${first.id},${second.id}&targetId=${second.id}`,
    );
    expect(response.json()).toEqual({ id: second.id, combined: 1 });
    expect((await get(s.admin, `/api/manufacturer/combine?manufacturerIds=${second.id}`)).statusCode).toBe(
      400,
    );
    expect(
      (await get(s.admin, `/api/manufacturer/combine?manufacturerIds=${second.id},${second.id}`)).statusCode,
    ).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await get(s.admin, `/api/manufacturer/combine?manufacturerIds=${second.id},${missing}`)).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/manufacturer/delete/article', () => {
  it('moves every article to the target manufacturer, re-pointing discount groups of the same name', async () => {
    const from = await createManufacturer(ctx.db);
    const to = await createManufacturer(ctx.db);
    const oldGroup = await createDiscountGroup(ctx.db, { manufacturerId: from.id, displayName: 'Standard' });
    const newGroup = await createDiscountGroup(ctx.db, { manufacturerId: to.id, displayName: 'STANDARD' });
    const article = await createArticle(ctx.db, { manufacturerId: from.id, discountGroupId: oldGroup.id });
    await createArticle(ctx.db, { manufacturerId: from.id });
    const response = await get(
      s.admin,
      `/api/manufacturer/delete/article?manufacturerId=${from.id}&targetManufacturerId=${to.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ movedArticles: 2 });
    const [moved] = await ctx.db.select().from(articles).where(eq(articles.id, article.id));
    expect(moved).toMatchObject({ manufacturerId: to.id, discountGroupId: newGroup.id });
    expect(
      (
        await get(
          s.admin,
          `/api/manufacturer/delete/article?manufacturerId=${from.id}&targetManufacturerId=${from.id}`,
        )
      ).statusCode,
    ).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await get(
          s.admin,
          `/api/manufacturer/delete/article?manufacturerId=${missing}&targetManufacturerId=${to.id}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});
