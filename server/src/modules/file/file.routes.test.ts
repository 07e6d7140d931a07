import { readdirSync, statSync, utimesSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { createActor } from '../../test/factories';
import { as, createTestApp, type Session, signIn, TEST_ORIGIN, type TestContext } from '../../test/test-app';

let context: TestContext;
let admin: Session;
let staff: Session;
let customer: Session;

beforeAll(async () => {
  context = await createTestApp();
  const operator = await createActor(context.db, 'ADMIN', { admin: true });
  const operatorStaff = await createActor(context.db, 'ADMIN', { companyId: operator.company.id });
  const customerAdmin = await createActor(context.db, 'CUSTOMER', { admin: true });
  admin = await signIn(context.app, operator.user.email);
  staff = await signIn(context.app, operatorStaff.user.email);
  customer = await signIn(context.app, customerAdmin.user.email);
});
afterAll(async () => {
  await context.close();
});

function upload(session: Session | null, folder: string, filename: string, content: string | Buffer) {
  const form = multipartForm([
    { name: 'path', value: folder },
    { name: 'file', filename, content },
  ]);
  return as(context.app, session, { method: 'POST', url: '/api/file/', ...form });
}

describe('POST /api/file/', () => {
  it('401 signed out; 404 for folders the actor cannot see; 403 read-only', async () => {
    expect((await upload(null, 'exportResult/', 'a.csv', 'x')).statusCode).toBe(401);
    expect((await upload(customer, 'exportResult/', 'a.csv', 'x')).statusCode).toBe(404);
    expect((await upload(staff, 'exportResult/', 'a.csv', 'x')).statusCode).toBe(403);
    expect((await upload(staff, 'importSample/', 'a.csv', 'x')).statusCode).toBe(404);
    expect((await upload(admin, 'projekt/', 'a.csv', 'x')).statusCode).toBe(404);
  });

  it('400 for a bad folder or no file; 415 for a type not allowed', async () => {
    for (const folder of [
      '../etc/',
      '/exportResult/',
      'exportResult',
      'export\\Result/',
      'exportResult/../',
    ]) {
      expect((await upload(admin, folder, 'a.csv', 'x')).statusCode, folder).toBe(400);
    }
    const noFile = multipartForm([{ name: 'path', value: 'exportResult/' }]);
    const response = await as(context.app, admin, { method: 'POST', url: '/api/file/', ...noFile });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('FILE_MISSING');
    expect((await upload(admin, 'exportResult/', 'setup.exe', 'MZ')).statusCode).toBe(415);
  });

  it('201 stores the file; a taken name gets a numeric prefix, a slash becomes an underscore', async () => {
    const first = await upload(admin, 'exportResult/', 'Artikel Größe.csv', 'eins');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Artikel Größe.csv',
      path: 'exportResult/Artikel Größe.csv',
      size: 4,
    });
    expect((await upload(admin, 'exportResult/', 'Artikel Größe.csv', 'zwei')).json().name).toBe(
      '1_Artikel Größe.csv',
    );
    expect((await upload(admin, 'exportResult/', 'a/b.csv', 'drei')).json().path).toBe(
      'exportResult/a_b.csv',
    );
  });

  it('415 for a content that does not fit the extension, as every other upload; nothing is kept', async () => {
    const folder = path.join(context.filesDir, 'importSample');
    const cases: [string, string | Buffer][] = [
      ['Angebot.pdf', Buffer.from('MZ\x90\x00\x03 ein Programm', 'latin1')],
      ['Foto.png', '%PDF-1.7 kein Bild'],
      ['Liste.csv', Buffer.from([0x4d, 0x5a, 0x00, 0x00, 0x01])],
      ['Tabelle.xlsx', 'Text statt Tabelle'],
    ];
    for (const [name, content] of cases) {
      const response = await upload(admin, 'importSample/', name, content);
      expect(response.statusCode, name).toBe(415);
      expect(response.json().code).toBe('FILE_CONTENT_MISMATCH');
      expect(response.json().message).toContain(`„${name}“`);
    }
    const listed = await as(context.app, admin, { method: 'GET', url: '/api/file/names?path=importSample/' });
    const names = listed.statusCode === 200 ? listed.json().map((file: { name: string }) => file.name) : [];
    for (const [name] of cases) expect(names).not.toContain(name);
    const onDisk = statSync(folder, { throwIfNoEntry: false }) ? readdirSync(folder) : [];
    expect(onDisk).toEqual([]);
    // The same names with fitting content are stored.
    expect((await upload(admin, 'importSample/', 'Liste.csv', 'a;b\r\n1;2\r\n')).statusCode).toBe(201);
  });

  it('stores the name without bidi control and zero-width characters', async () => {
    const stored = await upload(admin, 'exportResult/', '\u200BPreis\u2066liste\u2069\u202E.csv', 'x;y');
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toMatchObject({ name: 'Preisliste.csv', path: 'exportResult/Preisliste.csv' });
    const disguised = await upload(admin, 'exportResult/', 'Rechnung\u202Efdp.exe', 'MZ');
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
  });
});

describe('GET /api/file/names, GET /api/file/, POST /api/file/delete', () => {
  it('lists a folder newest first for the operator; others get 404', async () => {
    await context.files.save('exportResult/alt.csv', Readable.from(['alt']));
    await context.files.save('exportResult/neu.csv', Readable.from(['neu!']));
    // An hour older on disk: the order does not hang on the clock's resolution between two saves.
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(context.filesDir, 'exportResult/alt.csv'), hourAgo, hourAgo);
    const names = await as(context.app, staff, { method: 'GET', url: '/api/file/names?path=exportResult/' });
    expect(names.statusCode).toBe(200);
    const list = names.json() as { name: string; size: number; lastUpdate: string }[];
    expect(list[0]).toMatchObject({ name: 'neu.csv', path: 'exportResult/neu.csv', size: 4 });
    expect(list.map((file) => file.name)).toContain('alt.csv');
    expect(new Date(list[0]!.lastUpdate).getTime()).toBeGreaterThanOrEqual(
      new Date(list.at(-1)!.lastUpdate).getTime(),
    );
    expect(
      (await as(context.app, null, { method: 'GET', url: '/api/file/names?path=exportResult/' })).statusCode,
    ).toBe(401);
    expect(
      (await as(context.app, customer, { method: 'GET', url: '/api/file/names?path=exportResult/' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(context.app, admin, { method: 'GET', url: '/api/file/names?path=exportResult' })).statusCode,
    ).toBe(400);
    expect(
      (await as(context.app, admin, { method: 'GET', url: '/api/file/names?path=leer/' })).statusCode,
    ).toBe(404);
  });

  it('downloads with the file name in the header', async () => {
    await context.files.save('exportResult/Übersicht.csv', Readable.from(['\uFEFF"a";"b"\r\n']));
    const response = await as(context.app, staff, {
      method: 'GET',
      url: '/api/file/?path=exportResult/%C3%9Cbersicht.csv',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('\uFEFF"a";"b"\r\n');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_bersicht.csv"; filename*=UTF-8''%C3%9Cbersicht.csv`,
    );
    expect(
      (await as(context.app, admin, { method: 'GET', url: '/api/file/?path=exportResult/fehlt.csv' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(context.app, customer, { method: 'GET', url: '/api/file/?path=exportResult/neu.csv' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(context.app, null, { method: 'GET', url: '/api/file/?path=exportResult/neu.csv' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await as(context.app, admin, { method: 'GET', url: '/api/file/?path=exportResult/' })).statusCode,
    ).toBe(400);
  });

  it('deletes for the operator admin only', async () => {
    await context.files.save('exportResult/weg.csv', Readable.from(['x']));
    const url = '/api/file/delete?path=exportResult/weg.csv';
    expect((await as(context.app, null, { method: 'POST', url })).statusCode).toBe(401);
    expect((await as(context.app, customer, { method: 'POST', url })).statusCode).toBe(404);
    expect((await as(context.app, staff, { method: 'POST', url })).statusCode).toBe(403);
    expect(
      (await as(context.app, admin, { method: 'POST', url: '/api/file/delete?path=../x' })).statusCode,
    ).toBe(400);
    const deleted = await as(context.app, admin, { method: 'POST', url });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await context.files.stat('exportResult/weg.csv')).toBeNull();
    expect((await as(context.app, admin, { method: 'POST', url })).statusCode).toBe(404);
  });
});

describe('a large upload', () => {
  it('streams to the storage while it arrives (a 50 MB body is never held in memory)', async () => {
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = context.app.server.address() as { port: number };
    const boundary = '----portal-large';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nexportResult/\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gross.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 'a;b;c\n');
    const total = 50;
    const folder = path.join(context.filesDir, 'exportResult');
    const partial = () => readdirSync(folder).filter((name) => name.startsWith('gross.csv.part-'));
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/file/',
      headers: {
        cookie: admin.cookie,
        origin: TEST_ORIGIN,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + total * chunk.length + tail.length,
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.on('data', (data) => {
          body += data;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    request.write(head);
    for (let index = 0; index < total / 2; index++) request.write(chunk);
    // Half the body is sent and the request is still open: the storage already holds most of it on disk.
    await vi.waitFor(
      () => {
        const [file] = partial();
        expect(file ? statSync(path.join(folder, file)).size : 0).toBeGreaterThanOrEqual(20 * chunk.length);
      },
      { timeout: 5_000, interval: 25 },
    );
    for (let index = total / 2; index < total; index++) request.write(chunk);
    request.end(tail);
    const { status, body } = await answer;
    expect(status, body).toBe(201);
    expect(JSON.parse(body)).toMatchObject({ name: 'gross.csv', size: total * chunk.length });
    expect(partial()).toEqual([]);
    expect(statSync(path.join(folder, 'gross.csv')).size).toBe(total * chunk.length);
  });
});
