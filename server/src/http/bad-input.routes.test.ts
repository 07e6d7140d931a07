import { NUL_MESSAGE } from '@portal/domain/rules/nul-character';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../files/testing/multipart-form';
import { createActor } from '../test/factories';
import { createManufacturer } from '../test/master-data-factories';
import { as, createTestApp, type Session, signIn, type TestContext } from '../test/test-app';

/**
 * ASVS 2.2.1: bad bytes are a 400 with a German message, never a 500. A NUL character (which PostgreSQL
 * refuses to store) in any text input: the first test walks every route of the API description (the same
 * schemas that validate the requests) and puts NUL into each text it takes, all other values valid. File
 * names longer than a file system takes (it counts bytes, not characters).
 */
let context: TestContext;
let operator: Session;

beforeAll(async () => {
  context = await createTestApp();
  const admin = await createActor(context.db, 'ADMIN', { admin: true });
  operator = await signIn(context.app, admin.user.email);
});
afterAll(async () => {
  await context.close();
});

const NUL_TEXT = 'a\u0000b';

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** A value the schema accepts, except that every free text holds NUL; `texts` counts those. */
function sample(schema: JsonSchema, texts: { count: number }): unknown {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((option) => option.type !== 'null') ?? options[0]!, texts);
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => sample(part, texts) as object));
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, texts)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items ?? {}, texts),
      );
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date-time') return new Date().toISOString();
      texts.count++;
      return schema.format === 'email' ? 'a\u0000b@test.local' : NUL_TEXT;
    default:
      return undefined;
  }
}

interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

function mentionsNul(body: string): boolean {
  return body.includes(NUL_MESSAGE);
}

describe('NUL in any text of any route', () => {
  it('is refused with 400 and the German message, never 500', async () => {
    const doc = context.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const answers: { route: string; status: number; worded: boolean }[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const texts = { count: 0 };
        const query = new URLSearchParams();
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'query') continue;
          const value = sample(parameter.schema, texts);
          if (value !== undefined) query.set(parameter.name, String(value));
        }
        const json = operation.requestBody?.content['application/json']?.schema;
        const payload = json ? sample(json, texts) : undefined;
        if (texts.count === 0) continue;
        const response = await as(context.app, operator, {
          method: method.toUpperCase() as 'GET',
          url: `${path}?${query}`,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        answers.push({
          route: `${method.toUpperCase()} ${path}`,
          status: response.statusCode,
          worded: mentionsNul(response.body),
        });
      }
    }
    // The walk reached the areas of the probe: sign-in, registration, profile and the searches.
    const routes = answers.map((answer) => answer.route);
    expect(routes.length).toBeGreaterThan(40);
    for (const route of [
      'POST /api/auth/sign-in',
      'POST /api/user/register',
      'POST /api/user/profile',
      'GET /api/user/all',
      'GET /api/company/all',
      'GET /api/article/search',
      'GET /api/article/filter',
      'GET /api/manufacturer/name',
      'GET /api/discountgroup/name',
      'GET /api/eclass/all',
    ]) {
      expect(routes).toContain(route);
    }
    expect(answers.filter((answer) => answer.status !== 400 || !answer.worded)).toEqual([]);
  });
});

describe('NUL in the probe areas', () => {
  const refused = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      issues: [expect.objectContaining({ message: NUL_MESSAGE })],
    });
  };

  it('sign-in e-mail and password', async () => {
    for (const payload of [
      { email: 'a\u0000@test.local', password: 'egal-egal' },
      { email: 'a@test.local', password: 'egal\u0000egal' },
    ]) {
      refused(await as(context.app, null, { method: 'POST', url: '/api/auth/sign-in', payload }));
    }
  });

  it('searches in query strings', async () => {
    for (const url of [
      '/api/article/search?searchTerm=a%00b',
      '/api/article/filter?orderNumber=%00',
      '/api/manufacturer/name?name=a%00',
      '/api/unit/all?search=%00',
      '/api/company/all?search=%00',
      '/api/user/all?search=M%C3%BCller%00',
    ]) {
      refused(await as(context.app, operator, { method: 'GET', url }));
    }
  });

  it('a multipart text field that no schema reads', async () => {
    const form = multipartForm([
      { name: 'notiz', value: NUL_TEXT },
      { name: 'path', value: 'exportResult/' },
      { name: 'file', filename: 'a.csv', content: 'x' },
    ]);
    const response = await as(context.app, operator, { method: 'POST', url: '/api/file/', ...form });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: `notiz: ${NUL_MESSAGE}` });
    expect(await context.files.list('exportResult/')).toEqual([]);
  });
});

describe('file names longer than the file system takes', () => {
  const longName = `${'ä'.repeat(199)}.csv`;

  it('a stored name is shortened to 200 bytes, keeps its extension and can be listed and read', async () => {
    const upload = () =>
      as(context.app, operator, {
        method: 'POST',
        url: '/api/file/',
        ...multipartForm([
          { name: 'path', value: 'exportResult/' },
          { name: 'file', filename: longName, content: 'Inhalt' },
        ]),
      });
    const first = await upload();
    expect(first.statusCode, first.body).toBe(201);
    const name = `${'ä'.repeat(98)}.csv`;
    expect(first.json()).toMatchObject({ name, path: `exportResult/${name}`, size: 6 });
    const second = await upload();
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().name).toBe(`1_${name}`);
    const names = await as(context.app, operator, {
      method: 'GET',
      url: '/api/file/names?path=exportResult/',
    });
    expect((names.json() as { name: string }[]).map((file) => file.name).sort()).toEqual([`1_${name}`, name]);
    const download = await as(context.app, operator, {
      method: 'GET',
      url: `/api/file/?path=${encodeURIComponent(`exportResult/${name}`)}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('Inhalt');
  });

  it('a path naming a longer file or folder is refused with 400', async () => {
    const path = encodeURIComponent(`exportResult/${longName}`);
    for (const request of [
      { method: 'GET' as const, url: `/api/file/?path=${path}` },
      { method: 'POST' as const, url: `/api/file/delete?path=${path}` },
      { method: 'GET' as const, url: `/api/file/names?path=${encodeURIComponent(`${'ä'.repeat(199)}/`)}` },
    ]) {
      const response = await as(context.app, operator, request);
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json().issues).toEqual([
        expect.objectContaining({ message: 'Ein Datei- oder Ordnername im Pfad ist zu lang.' }),
      ]);
    }
    const sample = await as(context.app, operator, {
      method: 'POST',
      url: '/api/import/config/header',
      ...multipartForm([
        { name: 'headerRowIndex', value: '1' },
        { name: 'samplePath', value: `importSample/${longName}` },
      ]),
    });
    expect(sample.statusCode).toBe(400);
    expect(sample.json().message).toBe('samplePath: Ein Datei- oder Ordnername im Pfad ist zu lang.');
  });
});

describe('NUL in a CSV import', () => {
  it('is refused as a wrong file (417), and nothing is imported', async () => {
    await createManufacturer(context.db, { displayName: 'ABB' });
    const files = [
      {
        url: '/api/discountgroup/import',
        csv: '"Hersteller","Bezeichnung","Namensvarianten","Rabatt in %","Großhändlerrabatte"\r\n"ABB","A\u0000B","","10",""\r\n',
      },
      {
        url: '/api/eclass/import',
        csv: '"E-Class-Nummer";"Beschreibung";"Arbeitszeit in Minuten pro Stück";"Sortierung 1. Ebene";"Sortierung 2. Ebene"\r\n"27371001";"Sch\u0000ütz";"1";"1";"1"\r\n',
      },
    ];
    for (const { url, csv } of files) {
      const form = multipartForm([{ name: 'file', filename: 'import.csv', content: `\uFEFF${csv}` }]);
      const response = await as(context.app, operator, { method: 'POST', url, ...form });
      expect(response.statusCode, url).toBe(417);
      expect(response.json().code).toBe('IMPORT_WRONG_FORMAT');
    }
    for (const url of ['/api/discountgroup/all?paginationSize=10', '/api/eclass/all?paginationSize=10']) {
      const list = await as(context.app, operator, { method: 'GET', url });
      expect(list.json().totalElements, url).toBe(0);
    }
  });
});
