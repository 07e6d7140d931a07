import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFieldValueSessions, type FieldValueSessions } from '../../test/field-value-sessions';
import { multipartFile } from '../../test/multipart';
import { as, createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let s: FieldValueSessions;
beforeAll(async () => {
  ctx = await createTestApp();
  s = await createFieldValueSessions(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

/** The start of a Windows program: "MZ", NUL bytes, the DOS stub text and bytes beyond ASCII. */
const PROGRAM = Buffer.concat([
  Buffer.from([
    0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00,
  ]),
  Buffer.from('This program cannot be run in DOS mode.\r\r\n$'),
  Buffer.from([0x00, 0x50, 0x45, 0x00, 0x00, 0x4c, 0x01, 0x05, 0x00, 0xe8, 0x8b, 0x1b, 0x5d, 0x00, 0x00]),
]);

describe('a renamed program in a CSV import', () => {
  it.each(['/api/eclass/import', '/api/discountgroup/import'])(
    '%s names the file and the problem, never its bytes',
    async (url) => {
      const response = await as(ctx.app, s.admin, {
        method: 'POST',
        url,
        ...multipartFile(PROGRAM, { filename: 'setup.csv', contentType: 'application/octet-stream' }),
      });
      expect(response.statusCode).toBe(417);
      const { message } = response.json() as { message: string };
      expect(message).toContain('„setup.csv“ ist keine CSV-Datei');
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the message must not carry the file's control bytes
      expect(message).not.toMatch(/MZ|DOS mode|[\u0000-\u001f\u007f-\u009f\ufffdÿ]/);
    },
  );

  it('a Windows-1252 CSV with umlauts is still read as text', async () => {
    const content = Buffer.from('E-Class-Nummer;Beschreibung\r\n27371001;Schütz\r\n', 'latin1');
    const response = await as(ctx.app, s.admin, {
      method: 'POST',
      url: '/api/eclass/import',
      ...multipartFile(content, { filename: 'eclass.csv' }),
    });
    expect(response.json().message ?? '').not.toContain('keine CSV-Datei');
  });
});
