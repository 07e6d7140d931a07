import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  createActor,
  createCompany,
  createDiscountGroup,
  createEclassEntry,
  createManufacturer,
  createUnit,
  createWholesaler,
} from '../../test/factories';
import { createFieldValueSessions, type FieldValueSessions } from '../../test/field-value-sessions';
import { as, createTestApp, type TestContext } from '../../test/test-app';

/**
 * SPEC §5 search, folded (migration 0005 portal_fold): master data and the company and user lists are searched as Germans type. "Schuetz"
 * finds "Schütz" and back, "oelflex" finds "ÖLFLEX", "strasse" finds "Straße"; plain substrings and
 * literal LIKE wildcards keep working.
 */

let ctx: TestContext;
let s: FieldValueSessions;
beforeAll(async () => {
  ctx = await createTestApp();
  s = await createFieldValueSessions(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

async function ids(url: string): Promise<string[]> {
  const response = await as(ctx.app, s.admin, { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  const items: { id: string }[] = Array.isArray(body) ? body : body.content;
  return items.map((item) => item.id).sort();
}

const q = encodeURIComponent;
const sorted = (...list: string[]) => [...list].sort();

describe('manufacturers', () => {
  it('/all and /name find both spellings over display names and variants', async () => {
    const schuetz = await createManufacturer(ctx.db, { displayName: 'Schütz Elektrotechnik' });
    const partner = await createManufacturer(ctx.db, { displayName: 'SCHUETZ & Partner' });
    const lapp = await createManufacturer(ctx.db, { displayName: 'U.I. Lapp', nameVariants: ['ÖLFLEX'] });
    const grossmann = await createManufacturer(ctx.db, { displayName: 'Großmann Straßentechnik' });

    for (const text of ['Schuetz', 'schütz', 'SCHÜTZ']) {
      expect(await ids(`/api/manufacturer/all?search=${q(text)}`)).toEqual(sorted(schuetz.id, partner.id));
      expect(await ids(`/api/manufacturer/name?name=${q(text)}`)).toEqual(sorted(schuetz.id, partner.id));
    }
    expect(await ids('/api/manufacturer/all?search=oelflex')).toEqual([lapp.id]);
    expect(await ids(`/api/manufacturer/name?name=${q('Ölflex')}`)).toEqual([lapp.id]);
    expect(await ids('/api/manufacturer/all?search=strasse')).toEqual([grossmann.id]);
    expect(await ids('/api/manufacturer/all?search=GROSSMANN')).toEqual([grossmann.id]);
    // Unchanged: plain substrings, wildcards taken literally.
    expect(await ids('/api/manufacturer/all?search=elektrotech')).toEqual([schuetz.id]);
    expect(await ids(`/api/manufacturer/all?search=${q('s_h')}`)).toEqual([]);
    expect(await ids(`/api/manufacturer/name?name=${q('%')}`)).toEqual([]);
  });

  it('/name marks only the name as written as exact match (names stay unique unfolded)', async () => {
    const exact = await createManufacturer(ctx.db, { displayName: 'Müller Antriebe' });
    const response = await as(ctx.app, s.admin, {
      method: 'GET',
      url: `/api/manufacturer/name?name=${q('Mueller Antriebe')}`,
    });
    expect(response.json()).toEqual([expect.objectContaining({ id: exact.id, exactMatch: false })]);
    const written = await as(ctx.app, s.admin, {
      method: 'GET',
      url: `/api/manufacturer/name?name=${q('müller antriebe')}`,
    });
    expect(written.json()).toEqual([expect.objectContaining({ id: exact.id, exactMatch: true })]);
  });
});

describe('units, discount groups, wholesalers and E-Class', () => {
  it('find both spellings', async () => {
    const piece = await createUnit(ctx.db, { displayName: 'Stück', nameVariants: ['Stk'] });
    expect(await ids('/api/unit/all?search=STUECK')).toEqual([piece.id]);
    expect(await ids(`/api/unit/name?name=${q('stück')}`)).toEqual([piece.id]);

    const manufacturer = await createManufacturer(ctx.db, { displayName: 'Gruppenhersteller' });
    const group = await createDiscountGroup(ctx.db, {
      manufacturerId: manufacturer.id,
      displayName: 'Öl- und Kühlmittelschläuche',
    });
    expect(await ids('/api/discountgroup/all?search=oel-%20und%20kuehl')).toEqual([group.id]);
    expect(await ids(`/api/discountgroup/name?name=${q('schlaeuche')}`)).toEqual([group.id]);

    const south = await createWholesaler(ctx.db, { displayName: 'Elektro-Großhandel Süd' });
    expect(await ids('/api/wholesaler/all?search=grosshandel%20sued')).toEqual([south.id]);
    expect(await ids(`/api/wholesaler/all?search=${q('Großhandel')}`)).toEqual([south.id]);

    const eclass = await createEclassEntry(ctx.db, { description: 'Schütz (Leistungsschalter)' });
    expect(await ids('/api/eclass/all?search=schuetz')).toEqual([eclass.id]);
    expect(await ids(`/api/eclass/all?search=${q('SCHÜTZ')}`)).toEqual([eclass.id]);
  });
});

describe('companies and users', () => {
  it('/api/company/all and /api/user/all find both spellings of names and cities', async () => {
    const company = await createCompany(ctx.db, { name: 'Müller Schaltanlagen', city: 'München' });
    const other = await createCompany(ctx.db, { name: 'Mueller Steuerungsbau', city: 'Muenster' });
    expect(await ids('/api/company/all?search=mueller')).toEqual(sorted(company.id, other.id));
    expect(await ids(`/api/company/all?search=${q('Müller')}`)).toEqual(sorted(company.id, other.id));
    expect(await ids('/api/company/all?search=muenchen')).toEqual([company.id]);

    const person = await createActor(ctx.db, 'CUSTOMER', { companyId: company.id });
    await ctx.db.update(users).set({ lastname: 'Weiß' }).where(eq(users.id, person.user.id));
    expect(await ids('/api/user/all?search=weiss')).toEqual([person.user.id]);
    expect(await ids(`/api/user/all?search=${q('WEIß')}`)).toEqual([person.user.id]);
    // The company name of the user is searched too, folded.
    expect(await ids('/api/user/all?search=mueller%20schalt')).toEqual([person.user.id]);
  });
});
