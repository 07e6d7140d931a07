import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, createArticle, createManufacturer } from '../../test/factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../../test/test-app';

/**
 * SPEC §5 search, folded (migration 0005 portal_fold): the catalog is searched as Germans type. "Schuetz" finds "Schütz" and back, "oelflex"
 * finds "ÖLFLEX", "strasse" finds "Straße"; what matched before still matches (plain substrings, LIKE
 * wildcards taken literally, numbers as typed).
 */

let ctx: TestContext;
let staff: Session;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const operator = await createActor(ctx.db, 'ADMIN', { admin: true });
  staff = await signIn(ctx.app, operator.user.email);
  const lapp = await createManufacturer(ctx.db, { displayName: 'Lapp' });
  const rows = [
    ['contactor', 'S-1001', 'Schütz, 3-polig, 24 V DC'],
    ['assembly', 'S-1002', 'SCHUETZ-Baugruppe mit Hilfsschalter'],
    ['cable', 'L-0011', 'ÖLFLEX CLASSIC 110 3G1,5'],
    ['duct', 'K-0042', 'Kabelkanal für Straßenbeleuchtung'],
    ['special', 'R-0050', 'Sonderpreis 50% _Aktion_'],
    ['green', 'GRÜN-01', 'Leuchtmelder'],
  ] as const;
  for (const [key, orderNumber, description] of rows) {
    const article = await createArticle(ctx.db, {
      manufacturerId: lapp.id,
      orderNumber,
      manufacturerNumber: `M-${orderNumber}`,
      description,
    });
    ids[key] = article.id;
  }
});
afterAll(() => ctx.close());

const keysOf = (list: { id: string }[]) =>
  list.map((item) => Object.entries(ids).find(([, value]) => value === item.id)?.[0]).sort();

async function search(term: string): Promise<(string | undefined)[]> {
  const response = await as(ctx.app, staff, {
    method: 'GET',
    url: `/api/article/search?searchTerm=${encodeURIComponent(term)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return keysOf(response.json());
}

async function filter(term: string): Promise<{ keys: (string | undefined)[]; total: number }> {
  const response = await as(ctx.app, staff, {
    method: 'GET',
    url: `/api/article/filter?orderNumber=${encodeURIComponent(term)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { keys: keysOf(response.json().content), total: response.json().totalElements };
}

describe('GET /api/article/search folds umlauts', () => {
  it('finds both spellings of ä/ö/ü/ß, either way round', async () => {
    expect(await search('Schuetz')).toEqual(['assembly', 'contactor']);
    expect(await search('schütz')).toEqual(['assembly', 'contactor']);
    expect(await search('SCHÜTZ-BAUGRUPPE')).toEqual(['assembly']);
    expect(await search('oelflex')).toEqual(['cable']);
    expect(await search('Ölflex classic')).toEqual(['cable']);
    expect(await search('strasse')).toEqual(['duct']);
    expect(await search('Straßenbeleuchtung')).toEqual(['duct']);
    expect(await search('kanal fuer')).toEqual(['duct']);
  });

  it('keeps plain substrings, literal LIKE wildcards and numbers as typed', async () => {
    expect(await search('hilfsschalter')).toEqual(['assembly']);
    expect(await search('50%')).toEqual(['special']);
    expect(await search('_aktion_')).toEqual(['special']);
    expect(await search('s_nder')).toEqual([]);
    expect(await search('grün-01')).toEqual(['green']);
  });
});

describe('GET /api/article/filter folds umlauts', () => {
  it('finds both spellings and counts them', async () => {
    expect(await filter('Schuetz')).toEqual({ keys: ['assembly', 'contactor'], total: 2 });
    expect(await filter('Schütz')).toEqual({ keys: ['assembly', 'contactor'], total: 2 });
    expect(await filter('OELFLEX')).toEqual({ keys: ['cable'], total: 1 });
    expect(await filter('straße')).toEqual({ keys: ['duct'], total: 1 });
    expect(await filter('50%')).toEqual({ keys: ['special'], total: 1 });
  });
});
