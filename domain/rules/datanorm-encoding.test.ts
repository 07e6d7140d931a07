import { describe, expect, it } from 'vitest';
import {
  CP850_HIGH,
  classifyLine,
  cp850FromLatin1,
  EncodingEvidence,
  type LineEncoding,
  windows1252FromLatin1,
} from './datanorm-encoding';

/** Text in CP850, Windows-1252 or UTF-8 as the bytes a file holds, one character per byte (latin1). */
function bytes(text: string, encoding: 'cp850' | 'windows-1252' | 'utf-8'): string {
  if (encoding === 'utf-8') return String.fromCharCode(...new TextEncoder().encode(text));
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x80) out += char;
    else if (encoding === 'cp850') out += String.fromCharCode(0x80 + CP850_HIGH.indexOf(char));
    // Windows-1252 equals Latin-1 from 0xA0 on, which is all these tests need.
    else out += code >= 0xa0 && code <= 0xff ? char : '?';
  }
  return out;
}

describe('CP850_HIGH', () => {
  it.each([
    [0x81, 'ü'],
    [0x84, 'ä'],
    [0x8e, 'Ä'],
    [0x94, 'ö'],
    [0x99, 'Ö'],
    [0x9a, 'Ü'],
    [0x9d, 'Ø'],
    [0xe1, 'ß'],
    [0xe6, 'µ'],
    [0xf0, '\u00ad'],
    [0xf8, '°'],
    [0xfc, '³'],
    [0xfd, '²'],
    [0xff, '\u00a0'],
  ])('byte %s is %s', (byte, char) => {
    expect(CP850_HIGH).toHaveLength(128);
    expect(CP850_HIGH[byte - 0x80]).toBe(char);
  });

  it('decodes text read byte for byte', () => {
    expect(cp850FromLatin1('Ger\x84t f\x81r \x99l, Ma\xe1 3 mm\xfd')).toBe('Gerät für Öl, Maß 3 mm²');
    expect(windows1252FromLatin1('\x84Gr\xf6\xdfe\x93 \x96 5 \x80')).toBe('„Größe“ – 5 €');
  });
});

describe('classifyLine', () => {
  it.each<[string, string, LineEncoding]>([
    ['ASCII only', bytes('A;N;4711;00;Klemme;', 'cp850'), 'ascii'],
    ['UTF-8 umlaut', bytes('Schütz für Motoren', 'utf-8'), 'utf-8'],
    ['CP850 ä inside a word (Windows-1252: „ inside a word)', bytes('Gerät', 'cp850'), 'cp850'],
    ['CP850 ü (unassigned in Windows-1252)', bytes('Schütz', 'cp850'), 'cp850'],
    ['CP850 ß (Windows-1252: á)', bytes('Maß', 'cp850'), 'cp850'],
    ['CP850 ² (Windows-1252: ý)', bytes('1,5 mm²', 'cp850'), 'cp850'],
    ['Windows-1252 ü (CP850: ³ inside a word)', bytes('für', 'windows-1252'), 'windows-1252'],
    ['Windows-1252 ö and ß (CP850: ÷ and ▀)', bytes('Größe', 'windows-1252'), 'windows-1252'],
    ['Windows-1252 ² (CP850: ▓)', bytes('1,5 mm²', 'windows-1252'), 'windows-1252'],
    ['Ö at the start of a word (Windows-1252: ™)', bytes('Öl 5 l', 'cp850'), 'both'],
    ['° after a digit (Windows-1252: ø)', bytes('90°C', 'cp850'), 'both'],
    ['box drawing in both pages', 'A\xb3\xb4B', 'neither'],
  ])('%s', (_name, line, expected) => {
    expect(classifyLine(line)).toBe(expected);
  });
});

describe('EncodingEvidence', () => {
  it.each<[string, [number, LineEncoding][], { encoding: string } | RegExp]>([
    ['no special characters', [[1, 'ascii']], { encoding: 'ascii' }],
    [
      'UTF-8 lines',
      [
        [3, 'utf-8'],
        [9, 'utf-8'],
      ],
      { encoding: 'utf-8' },
    ],
    [
      'CP850 lines decide undecided ones',
      [
        [2, 'both'],
        [4, 'cp850'],
        [6, 'neither'],
      ],
      { encoding: 'cp850' },
    ],
    [
      'Windows-1252 lines',
      [
        [2, 'windows-1252'],
        [4, 'both'],
      ],
      { encoding: 'windows-1252' },
    ],
    [
      'UTF-8 and an 8-bit line',
      [
        [3, 'utf-8'],
        [5, 'both'],
      ],
      /Zeile 3 ist UTF-8, Zeile 5 nicht/,
    ],
    [
      'CP850 and Windows-1252 lines',
      [
        [7, 'windows-1252'],
        [2, 'cp850'],
      ],
      /Zeile 2 liest sich nur im DOS-Zeichensatz CP850, Zeile 7 nur in Windows-1252/,
    ],
    [
      'only undecided lines',
      [
        [8, 'both'],
        [4, 'neither'],
      ],
      /Sonderzeichen in Zeile 4 passen/,
    ],
  ])('%s', (_name, lines, expected) => {
    const evidence = new EncodingEvidence();
    for (const [line, kind] of lines) evidence.note(line, kind);
    const decision = evidence.decide();
    if (expected instanceof RegExp) expect('error' in decision && decision.error).toMatch(expected);
    else expect(decision).toEqual(expected);
  });

  it('settles as soon as a line decides, and on a contradiction', () => {
    const evidence = new EncodingEvidence();
    evidence.note(2, 'both');
    expect(evidence.settled()).toBeNull();
    evidence.note(3, 'cp850');
    expect(evidence.settled()).toEqual({ encoding: 'cp850' });
    evidence.note(4, 'utf-8');
    expect(evidence.settled()).toEqual({
      error: 'Die Datei mischt Zeichenkodierungen: Zeile 4 ist UTF-8, Zeile 2 nicht.',
    });
  });

  it('keeps the first line of each kind', () => {
    const evidence = new EncodingEvidence();
    evidence.note(2, 'cp850');
    evidence.note(5, 'windows-1252');
    evidence.note(9, 'cp850');
    expect(evidence.decide()).toEqual({
      error:
        'Die Datei mischt Zeichenkodierungen: Zeile 2 liest sich nur im DOS-Zeichensatz CP850, Zeile 5 nur in Windows-1252.',
    });
  });
});
