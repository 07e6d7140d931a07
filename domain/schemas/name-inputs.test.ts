import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INVISIBLE_CHARACTERS_MESSAGE } from '../rules/invisible-characters';
import { nameText } from './common';

/**
 * Names and titles that people type and others read refuse bidi control and zero-width characters, with the
 * German message on the field. This walks every request body of the API contract to the fields called like
 * a name or title, so that a form added later with a plain text() for its name fails here.
 */
const files = readdirSync(new URL('.', import.meta.url)).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
);
const modules: [string, Record<string, unknown>][] = await Promise.all(
  files.map(async (file) => [file, (await import(`./${file}`)) as Record<string, unknown>] as const),
);

const NAME_FIELDS = new Set(['name', 'lastname', 'title', 'displayName', 'nameVariants']);
/**
 * Not typed by a person: the name an article import or a BOM found in its file becomes a manufacturer, a
 * unit or a name variant exactly as the file spells it (else it would not match the file's rows again).
 */
const FROM_FILES = new Set([
  'article-import.ts resolveImportNameBody.name',
  'admin-bom.ts adminBomManufacturerNameBody.name',
  'bom-lines.ts enquiryBomManufacturerNameBody.name',
]);

/** Every object field named in NAME_FIELDS inside `schema`, with the path that leads to it. */
function nameFields(schema: z.ZodType, path: string, found: { path: string; schema: z.ZodType }[]) {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (inner: unknown, step: string) => nameFields(inner as z.ZodType, `${path}${step}`, found);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (NAME_FIELDS.has(key)) found.push({ path: `${path}.${key}`, schema: value });
        else walk(value, `.${key}`);
      }
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      walk(def.innerType, '');
      return;
    case 'pipe':
      walk(def.in, '');
      return;
    case 'array':
      walk(def.element, '[]');
      return;
    case 'union':
      for (const option of def.options as unknown[]) walk(option, '');
      return;
    case 'intersection':
      walk(def.left, '');
      walk(def.right, '');
      return;
  }
}

const bodyNameFields = modules.flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name, value]) => /(Body|Fields)$/.test(name) && value instanceof z.ZodType)
    .flatMap(([name, value]) => {
      const found: { path: string; schema: z.ZodType }[] = [];
      nameFields(value as z.ZodType, `${file} ${name}`, found);
      return found.filter((field) => !FROM_FILES.has(field.path));
    }),
);

/** A right-to-left override and a zero-width space, each hidden in an otherwise valid name. */
const DISGUISED = ['Müller\u202EHbmG', 'Schalt\u200Bschrank', '\uFEFFAnfrage', 'Nord\u2066Süd\u2069'];

describe('names and titles refuse invisible characters', () => {
  it('finds the names and titles of every area', () => {
    const paths = bodyNameFields.map((field) => field.path);
    for (const expected of [
      'account.ts registerBody.user.name',
      'account.ts registerBody.user.lastname',
      'account.ts registerBody.company.name',
      'account.ts profileUpdateBody.name',
      'company.ts companyBody.name',
      'user.ts userBody.lastname',
      'enquiry.ts enquiryBody.title',
      'enquiry.ts enquiryUpdateBody.title',
      'import-config.ts importConfigBody.title',
      'manufacturer.ts manufacturerBody.displayName',
      'unit.ts unitBody.nameVariants',
      'wholesaler.ts wholesalerBody.displayName',
      'discount-group.ts discountGroupBody.displayName',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it.each(DISGUISED)('refuses %j in every one of them, with the German message', (value) => {
    const accepting = bodyNameFields.filter(({ path, schema }) => {
      const input = path.endsWith('nameVariants') ? [value] : value;
      const result = schema.safeParse(input);
      return (
        result.success || !result.error.issues.some((issue) => issue.message === INVISIBLE_CHARACTERS_MESSAGE)
      );
    });
    expect(accepting.map(({ path }) => path)).toEqual([]);
  });

  it('accepts the same names written plainly', () => {
    const plain = nameText().trim().min(1);
    for (const value of ['Müller GmbH', 'Schaltschrank', 'Anfrage', 'Nord Süd', 'שלום', 'A\u00a0B']) {
      expect(plain.safeParse(value).success, value).toBe(true);
    }
    expect(plain.safeParse('Müller\u202EHbmG').error?.issues).toEqual([
      expect.objectContaining({ message: INVISIBLE_CHARACTERS_MESSAGE }),
    ]);
  });
});
