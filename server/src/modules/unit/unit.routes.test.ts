import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../db/schema';
import { createArticle, createUnit } from '../../test/factories';
import { createFieldValueSessions, type FieldValueSessions } from '../../test/field-value-sessions';
import { expectChangedMeanwhile } from '../../test/lost-update';
import { as, createTestApp, type Session, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let s: FieldValueSessions;
beforeAll(async () => {
  ctx = await createTestApp();
  s = await createFieldValueSessions(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const get = (session: Session | null, url: string) => as(ctx.app, session, { method: 'GET', url });
const post = (session: Session | null, url: string, payload: object) =>
  as(ctx.app, session, { method: 'POST', url, payload });

describe('access', () => {
  it('401 signed out, 403 for customers, 403 for operator staff on changes', async () => {
    const a = await createUnit(ctx.db);
    const b = await createUnit(ctx.db);
    for (const url of [`/api/unit/?id=${a.id}`, '/api/unit/all', '/api/unit/name?name=st']) {
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get(s.customer, url)).statusCode).toBe(403);
      expect((await get(s.staff, url)).statusCode).toBe(200);
    }
    for (const url of [`/api/unit/delete?unitIds=${a.id}`, `/api/unit/combine?unitIds=${a.id},${b.id}`]) {
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get(s.staff, url)).statusCode).toBe(403);
    }
    expect((await post(null, '/api/unit/', { displayName: 'X' })).statusCode).toBe(401);
    expect((await post(s.staff, '/api/unit/', { displayName: 'X' })).statusCode).toBe(403);
    const lastUpdate = a.updatedAt.toISOString();
    const update = { id: a.id, displayName: 'X', lastUpdate };
    expect((await post(s.customer, '/api/unit/update', update)).statusCode).toBe(403);
    expect((await post(s.staff, '/api/unit/update', update)).statusCode).toBe(403);
  });
});

describe('unit calls', () => {
  it('keeps a change history: the creation and each changed field with old and new value (SPEC §3)', async () => {
    const created = await post(s.admin, '/api/unit/', { displayName: 'Bund', nameVariants: ['Bd'] });
    const { id, lastUpdate } = created.json();
    await post(s.admin, '/api/unit/update', {
      id,
      lastUpdate,
      displayName: 'Bund',
      nameVariants: ['Bd', 'Bu'],
    });
    const detail = (await get(s.staff, `/api/unit/?id=${id}`)).json();
    const entries = detail.changeEntries.map(({ field, oldValue, newValue }: Record<string, unknown>) => ({
      field,
      oldValue,
      newValue,
    }));
    // Newest first; the creation's entries share one moment.
    expect(entries[0]).toEqual({ field: 'nameVariants', oldValue: 'Bd', newValue: 'Bd, Bu' });
    expect(entries.slice(1)).toEqual(
      expect.arrayContaining([
        { field: 'displayName', oldValue: null, newValue: 'Bund' },
        { field: 'nameVariants', oldValue: null, newValue: 'Bd' },
      ]),
    );
    expect(entries).toHaveLength(3);
    expect(detail.changeEntries[0].userName).not.toBe('System');
  });

  it('creates, updates (promoting a variant) and refuses a taken variant', async () => {
    const created = await post(s.admin, '/api/unit/', { displayName: 'Stück', nameVariants: ['Stk', 'St.'] });
    expect(created.statusCode).toBe(201);
    const { id, lastUpdate } = created.json();
    const promoted = await post(s.admin, '/api/unit/update', {
      id,
      lastUpdate,
      displayName: 'Stk',
      nameVariants: ['Stück', 'St.'],
    });
    expect(promoted.json()).toMatchObject({ displayName: 'Stk', nameVariants: ['Stück', 'St.'] });
    const taken = await post(s.admin, '/api/unit/', { displayName: 'Meter', nameVariants: ['STK'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Diese Bezeichnung wird bereits verwendet.');
    expect((await post(s.admin, '/api/unit/', { displayName: '' })).statusCode).toBe(400);
    const found = (await get(s.admin, '/api/unit/name?name=st')).json();
    expect(found[0]).toMatchObject({ id, exactMatch: false });
    expect((await get(s.admin, '/api/unit/name?name=st.')).json()[0]).toMatchObject({ id, exactMatch: true });
  });

  it('no lost update: the second of two saves from the same loaded state is refused, the first kept', async () => {
    const { id } = await createUnit(ctx.db, { displayName: 'Rolle', nameVariants: ['Rl'] });
    const loaded = (await get(s.otherAdmin, `/api/unit/?id=${id}`)).json();
    const first = await post(s.admin, '/api/unit/update', { ...loaded, nameVariants: ['Rl', 'Rolle(n)'] });
    expect(first.statusCode).toBe(200);
    const second = await post(s.otherAdmin, '/api/unit/update', { ...loaded, displayName: 'Rollen' });
    await expectChangedMeanwhile(ctx.db, second, s.admin.userId);
    expect((await get(s.admin, `/api/unit/?id=${id}`)).json()).toMatchObject(first.json());

    const fresh = await post(s.otherAdmin, '/api/unit/update', { ...first.json(), displayName: 'Rollen' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ displayName: 'Rollen', nameVariants: ['Rl', 'Rolle(n)'] });
    const again = await post(s.otherAdmin, '/api/unit/update', { ...fresh.json(), nameVariants: [] });
    expect(again.statusCode).toBe(200);
    expect((await post(s.admin, '/api/unit/update', { id, displayName: 'Rollen' })).statusCode).toBe(400);
  });

  it('refuses to delete a unit used by an article', async () => {
    const used = await createUnit(ctx.db);
    const unused = await createUnit(ctx.db);
    await createArticle(ctx.db, { unitId: used.id });
    const response = await get(s.admin, `/api/unit/delete?unitIds=${used.id},${unused.id}`);
    expect(response.json()).toEqual({ deleted: [unused.id], failed: [used.id] });
  });

  it('combines units: every article points to the survivor, names join its variants', async () => {
    const meter = await createUnit(ctx.db, { displayName: `Meter${Date.now()}`, nameVariants: ['m'] });
    const other = await createUnit(ctx.db, { displayName: `Metre${Date.now()}`, nameVariants: ['mtr'] });
    const articleIds = [
      (await createArticle(ctx.db, { unitId: meter.id })).id,
      (await createArticle(ctx.db, { unitId: other.id })).id,
      (await createArticle(ctx.db, { unitId: other.id })).id,
    ];
    const response = await get(s.admin, `/api/unit/combine?unitIds=${meter.id},${other.id}`);
    expect(response.json()).toEqual({ id: meter.id, combined: 1 });
    const rows = await ctx.db.select().from(articles).where(eq(articles.unitId, meter.id));
    expect(rows.map((row) => row.id).sort()).toEqual(articleIds.sort());
    const survivor = (await get(s.admin, `/api/unit/?id=${meter.id}`)).json();
    expect(survivor.nameVariants).toEqual(['m', other.displayName, 'mtr']);
    expect(
      (
        await get(s.admin, `/api/unit/all?withAmount=true&search=${encodeURIComponent(meter.displayName)}`)
      ).json(),
    ).toMatchObject({
      totalElements: 1,
      content: [{ id: meter.id, usedByArticleAmount: 3 }],
    });
  });
});
