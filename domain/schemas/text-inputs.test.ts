import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NUL_MESSAGE } from '../rules/nul-character';
import { text } from './common';

/**
 * ASVS 2.2.1: every text that a request schema takes refuses NUL. This walks every request schema of the
 * API contract (the exports named …Body, …Query, …Fields) down to its strings, so that a schema added
 * later with a plain `z.string()` fails here instead of giving a 500 at the database.
 */
const files = readdirSync(new URL('.', import.meta.url)).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
);
const modules: [string, Record<string, unknown>][] = await Promise.all(
  files.map(async (file) => [file, (await import(`./${file}`)) as Record<string, unknown>] as const),
);

const REQUEST_SCHEMA = /(Body|Query|Fields)$/;

/** Every string schema inside `schema`, with the path that leads to it. */
function strings(schema: z.ZodType, path: string, found: { path: string; schema: z.ZodType }[]): void {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (inner: unknown, step: string) => strings(inner as z.ZodType, `${path}${step}`, found);
  switch (def.type) {
    case 'string':
      found.push({ path, schema });
      return;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) walk(value, `.${key}`);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType, '');
      return;
    case 'pipe':
      walk(def.in, '');
      walk(def.out, '>');
      return;
    case 'array':
      walk(def.element, '[]');
      return;
    case 'union':
      for (const [index, option] of (def.options as unknown[]).entries()) walk(option, `|${index}`);
      return;
    case 'intersection':
      walk(def.left, '&');
      walk(def.right, '&');
      return;
    case 'record':
      walk(def.keyType, '{key}');
      walk(def.valueType, '{}');
      return;
    case 'tuple':
      for (const [index, item] of (def.items as unknown[]).entries()) walk(item, `[${index}]`);
      return;
    default:
      // numbers, booleans, enums, literals, transforms: no text to check
      return;
  }
}

const requestStrings = modules.flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name, value]) => REQUEST_SCHEMA.test(name) && value instanceof z.ZodType)
    .flatMap(([name, value]) => {
      const found: { path: string; schema: z.ZodType }[] = [];
      strings(value as z.ZodType, `${file} ${name}`, found);
      return found;
    }),
);

describe('text in request schemas (ASVS 2.2.1)', () => {
  it('finds the request schemas of every area', () => {
    const files = new Set(requestStrings.map((entry) => entry.path.split(' ')[0]));
    for (const area of ['auth.ts', 'account.ts', 'user.ts', 'company.ts', 'article.ts', 'field-value.ts']) {
      expect(files).toContain(area);
    }
    expect(requestStrings.length).toBeGreaterThan(80);
  });

  it('refuses NUL in every string, with the German message where no other rule refused it first', () => {
    const accepting = requestStrings
      .filter(({ schema }) => schema.safeParse('a\u0000b').success)
      .map(({ path }) => path);
    expect(accepting).toEqual([]);
    const plain = requestStrings.filter(({ schema }) => schema._zod.def.type === 'string');
    const worded = plain.filter(({ schema }) =>
      schema.safeParse('ab\u0000').error?.issues.some((issue) => issue.message === NUL_MESSAGE),
    );
    expect(worded.length).toBeGreaterThan(60);
  });

  it('text() chains like z.string()', () => {
    const field = text().trim().min(1).max(3);
    expect(field.parse(' ab ')).toBe('ab');
    expect(field.safeParse('abcd').error?.issues[0]?.message).toBe('Höchstens 3 Zeichen.');
    expect(field.safeParse('a\u0000').error?.issues).toEqual([
      expect.objectContaining({ message: NUL_MESSAGE }),
    ]);
  });
});
