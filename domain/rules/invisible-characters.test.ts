import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsInvisibleCharacters, removeInvisibleCharacters } from './invisible-characters';

/** Every character the rule is about, written out by code point. */
const INVISIBLE = [
  ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e],
  ...[0x2066, 0x2067, 0x2068, 0x2069],
  ...[0x200b, 0x200c, 0x200d, 0x200e, 0x200f],
  0xfeff,
].map((code) => String.fromCodePoint(code));

describe('invisible characters (bidi control, zero width)', () => {
  it('finds and removes each of them, anywhere in a text', () => {
    for (const char of INVISIBLE) {
      const name = `Rechnung${char}fdp.exe`;
      expect(containsInvisibleCharacters(name), JSON.stringify(char)).toBe(true);
      expect(removeInvisibleCharacters(`${char}${name}${char}`)).toBe('Rechnungfdp.exe');
    }
  });

  it('leaves visible text alone: umlauts, other scripts, ordinary and no-break spaces, hyphens', () => {
    for (const name of ['Müller & Söhne GmbH', 'שלום', 'Schütz 3‑polig', 'A\u00a0B', 'x\u2010y', 'ﬁ', '']) {
      expect(containsInvisibleCharacters(name), name).toBe(false);
      expect(removeInvisibleCharacters(name)).toBe(name);
    }
    // The neighbours of the ranges stay.
    for (const code of [0x200a, 0x2010, 0x2029, 0x202f, 0x2065, 0x206a, 0xfefe, 0xff00]) {
      expect(containsInvisibleCharacters(String.fromCodePoint(code)), code.toString(16)).toBe(false);
    }
  });

  it('after removal nothing invisible is left, and visible text is kept in order', () => {
    const unit = fc.oneof(fc.constantFrom(...INVISIBLE), fc.constantFrom('a', 'ß', ' ', '.', '€', '\u202Ex'));
    fc.assert(
      fc.property(fc.string({ unit }), (text) => {
        const clean = removeInvisibleCharacters(text);
        expect(containsInvisibleCharacters(clean)).toBe(false);
        expect(clean).toBe([...text].filter((char) => !INVISIBLE.includes(char)).join(''));
      }),
    );
  });
});
