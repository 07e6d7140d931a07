/**
 * Long texts of DATANORM (Langtextsatz T): numbered lines of 40 characters under a text key, which the A
 * record names (DATANORM 4 field 12 Langtextschlüssel, DATANORM 5 field 23 Langtextnummer). Field layout:
 * DATANORM 4 "T;flag;key;;line;;text;line;;text" (two lines per record), DATANORM 5 "T;flag;key;usage;line;text"
 * (halo/datanorm, php-erechnung-toolkit DatanormParser). Files write them right after their article or all
 * before the articles; texts that wait for their article are kept up to a budget, so memory stays bounded.
 */

import type { DatanormVersion } from './datanorm-records';

export type TextLines = Map<number, string>;

/** The key and the numbered lines of a T record, null for a delete or a record without key. */
export function parseTextRecord(
  fields: readonly string[],
  version: DatanormVersion,
): { key: string; lines: [number, string][] } | null {
  const key = fields[2]?.trim() ?? '';
  if (key === '' || fields[1]?.trim().toUpperCase() === 'L') return null;
  const pairs = version === 4 ? [[4, 6] as const, [7, 9] as const] : [[4, 5] as const];
  const lines: [number, string][] = [];
  for (const [numberAt, textAt] of pairs) {
    const number = Number(fields[numberAt]?.trim());
    const text = fields[textAt]?.trimEnd() ?? '';
    if (Number.isInteger(number) && number > 0 && fields[numberAt]?.trim() !== '') lines.push([number, text]);
  }
  return { key, lines };
}

/** DATANORM allows 9,900 lines of 40 characters per text (datanorm.de, "DATANORM-Versionen"). */
export const MAX_TEXT_LINES = 9900;
const MAX_LINE_CHARS = 400;

/** Adds a line to a text within the standard's size, so a hostile file cannot grow one text without end. */
export function addLine(text: TextLines, number: number, line: string): void {
  if (text.size >= MAX_TEXT_LINES && !text.has(number)) return;
  text.set(number, line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) : line);
}

/** The lines in their numbered order, one per line; null when all are blank. */
export function composeText(lines: TextLines): string | null {
  const text = [...lines.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, line]) => line.trim())
    .join('\n')
    .trim();
  return text === '' ? null : text;
}

/** Texts read before their article, by key, up to `budget` characters. */
export class WaitingTexts {
  private readonly texts = new Map<string, TextLines>();
  private chars = 0;

  constructor(private readonly budget = 16 * 1024 * 1024) {}

  add(key: string, lines: readonly [number, string][]): void {
    let text = this.texts.get(key);
    for (const [number, line] of lines) {
      if (this.chars + line.length > this.budget) return;
      if (!text) {
        text = new Map();
        this.texts.set(key, text);
      }
      const before = text.get(number)?.length ?? 0;
      addLine(text, number, line);
      this.chars += (text.get(number)?.length ?? 0) - before;
    }
  }

  /** The text of `key`, handed to its article once. */
  take(key: string): TextLines | null {
    const text = this.texts.get(key);
    if (!text) return null;
    this.texts.delete(key);
    for (const line of text.values()) this.chars -= line.length;
    return text;
  }
}
