import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDelimited } from '@portal/domain/rules/delimited-text';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openSheet } from './open-sheet';

// Counts what the reader hands to the parser, to see how often each character is parsed.
vi.mock('@portal/domain/rules/delimited-text', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/domain/rules/delimited-text')>();
  return { ...actual, parseDelimited: vi.fn(actual.parseDelimited) };
});

const temporary = mkdtempSync(path.join(os.tmpdir(), 'portal-csv-linear-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

describe('CSV reading in linear time', () => {
  it('parses a quoted cell of 12 MiB with line breaks (12 read chunks) at most three times over', async () => {
    const cell = 'Zeile\n'.repeat((12 * 1024 * 1024) / 6);
    const file = path.join(temporary, 'lang.csv');
    writeFileSync(file, `Nr;Text\n1;"${cell}"\n2;kurz\n`);
    const rows = [];
    for await (const chunk of (await openSheet(file, 'lang.csv')).chunks()) rows.push(...chunk);
    expect(rows.map((row) => row.cells)).toEqual([
      ['Nr', 'Text'],
      ['1', cell],
      ['2', 'kurz'],
    ]);
    const parsed = vi.mocked(parseDelimited).mock.calls.reduce((sum, [text]) => sum + text.length, 0);
    expect(parsed).toBeLessThanOrEqual(3 * statSync(file).size);
  });
});
