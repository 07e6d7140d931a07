import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from '../../test/factories';
import { createFixtureConfig, createImportWorld, type ImportWorld } from '../../test/import-world';
import { expectChangedMeanwhile } from '../../test/lost-update';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';

let context: TestContext;
let world: ImportWorld;
let otherAdmin: Session;
beforeAll(async () => {
  context = await createTestApp();
  world = await createImportWorld(context);
  const other = await createActor(context.db, 'ADMIN', { admin: true });
  otherAdmin = await signIn(context.app, other.user.email);
});
afterAll(() => context.close());

const read = async (id: string) =>
  (await as(context.app, world.admin, { method: 'GET', url: `/api/import/config/?id=${id}` })).json();

/** The form's body from a loaded configuration with the user's changes. */
function form(loaded: Record<string, unknown>, changes: object) {
  const { manufacturerName: _m, wholesalerName: _w, defaultUnitName: _u, createDate: _c, ...fields } = loaded;
  return { ...fields, ...changes };
}

const save = (session: Session, payload: object) =>
  as(context.app, session, { method: 'POST', url: '/api/import/config/update', payload });

describe('POST /api/import/config/update: no lost update', () => {
  it('refuses the second of two saves from the same loaded state and keeps the first', async () => {
    const id = await createFixtureConfig(context.db, world);
    const loaded = await read(id);

    const first = await save(world.admin, form(loaded, { wholesalerId: world.wholesaler.id }));
    expect(first.statusCode, first.body).toBe(200);
    const second = await save(otherAdmin, form(loaded, { title: 'Katalog 2027', unitWeight: 'KG' }));
    await expectChangedMeanwhile(context.db, second, world.admin.userId);
    expect(await read(id)).toEqual(first.json());

    const fresh = await save(otherAdmin, form(first.json(), { title: 'Katalog 2027' }));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ title: 'Katalog 2027', wholesalerId: world.wholesaler.id });
    const again = await save(otherAdmin, form(fresh.json(), { unitWeight: 'KG' }));
    expect(again.json().unitWeight).toBe('KG');
  });

  it('400 without lastUpdate, and nothing changes', async () => {
    const id = await createFixtureConfig(context.db, world);
    const { lastUpdate: _, ...withoutLastUpdate } = form(await read(id), { title: 'Ohne Stand' });
    expect((await save(world.admin, withoutLastUpdate)).statusCode).toBe(400);
    expect((await read(id)).title).toBe('Lieferantenkatalog');
  });

  it('refuses the header row 0 with the German message and keeps the saved row', async () => {
    const id = await createFixtureConfig(context.db, world);
    const loaded = await read(id);
    const response = await save(world.admin, form(loaded, { headerRowIndex: 0 }));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Bitte geben Sie eine Zahl größer 0 ein.');
    expect((await read(id)).headerRowIndex).toBe(loaded.headerRowIndex);
  });
});
