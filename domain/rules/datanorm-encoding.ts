/**
 * The text encoding of a DATANORM file. The standard prescribes code page 850 (DOS; datanorm.de, "DATANORM-
 * Versionen": "ASCII-Zeichensatz Codepage 850 … und die deutschen Umlaute"), but "nicht jeder hält sich dran":
 * wholesalers also send Windows-1252 and UTF-8. The bytes alone do not say which: 0x84 is "ä" in CP850 and
 * "„" in Windows-1252, 0xFC "³" in CP850 and "ü" in Windows-1252. So every line with bytes above 0x7F is
 * judged on its own (which readings give text a German catalog line contains, with the neighbouring bytes as
 * context), and the file's encoding is the one its lines agree on. Lines that contradict each other, or a
 * file whose lines fit several encodings equally, are refused with the line named: never a silent guess.
 */

export type DatanormEncoding = 'ascii' | 'utf-8' | 'cp850' | 'windows-1252';

/** How one line's bytes read: only ASCII, valid UTF-8 with multi-byte characters, or which 8-bit pages fit. */
export type LineEncoding = 'ascii' | 'utf-8' | 'cp850' | 'windows-1252' | 'both' | 'neither';

/** Code page 850, bytes 0x80-0xFF (IBM/Microsoft table; checked against iconv in the tests). */
export const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀' +
  'ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

/** Windows-1252, bytes 0x80-0xFF; the five unassigned bytes read as U+FFFD. */
const WINDOWS_1252_HIGH =
  '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ' +
  '\u00a0¡¢£¤¥¦§¨©ª«¬\u00ad®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ';

/**
 * Letters a German catalog line plausibly contains (umlauts, ß, the accents of French names). Spanish and
 * Nordic letters are left out on purpose: CP850's ß reads as Windows-1252 "á", and counting that as German
 * would make every file whose only special character is ß undecidable.
 */
const LETTERS = new Set('äöüÄÖÜßéèêëàâçôûùîïñÉÈÀÇ');
/** Symbols of catalog texts (units, dimensions, trademarks, typographic quotes): never inside a word. */
const SYMBOLS = new Set('°²³µ±×÷§½¼¾®©™€£·„“”‚‘’–—…•´¹Øø\u00a0');

enum Plausible {
  No = 0,
  Letter = 1,
  Symbol = 2,
}

function tableFor(high: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let index = 0; index < 128; index++) {
    const char = high[index]!;
    table[index] = LETTERS.has(char) ? Plausible.Letter : SYMBOLS.has(char) ? Plausible.Symbol : Plausible.No;
  }
  return table;
}

const CP850_TABLE = tableFor(CP850_HIGH);
const WINDOWS_1252_TABLE = tableFor(WINDOWS_1252_HIGH);

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** A byte that belongs to a word: an ASCII letter or any byte above 0x7F (umlauts sit next to each other). */
function isWordByte(code: number): boolean {
  return code >= 0x80 || isAsciiLetter(code);
}

/** Valid UTF-8 with at least one multi-byte character (`line` holds one byte per character). */
function isUtf8(line: string, from: number): boolean {
  let index = from;
  let multiByte = false;
  const end = line.length;
  while (index < end) {
    const byte = line.charCodeAt(index);
    if (byte < 0x80) {
      index++;
      continue;
    }
    const length =
      byte >= 0xc2 && byte <= 0xdf
        ? 2
        : byte >= 0xe0 && byte <= 0xef
          ? 3
          : byte >= 0xf0 && byte <= 0xf4
            ? 4
            : 0;
    if (length === 0 || index + length > end) return false;
    for (let next = index + 1; next < index + length; next++) {
      if ((line.charCodeAt(next) & 0xc0) !== 0x80) return false;
    }
    multiByte = true;
    index += length;
  }
  return multiByte;
}

/** Whether every byte above 0x7F of the line reads as plausible catalog text in the page of `table`. */
function fits(line: string, from: number, table: Uint8Array): boolean {
  const end = line.length;
  for (let index = from; index < end; index++) {
    const byte = line.charCodeAt(index);
    if (byte < 0x80) continue;
    const kind = table[byte - 0x80];
    if (kind === Plausible.No) return false;
    // A symbol between two letters ("Ger„t", "f³r") is a letter of the other code page.
    if (
      kind === Plausible.Symbol &&
      index > 0 &&
      index + 1 < end &&
      isWordByte(line.charCodeAt(index - 1)) &&
      isWordByte(line.charCodeAt(index + 1))
    ) {
      return false;
    }
  }
  return true;
}

const FIRST_HIGH = /[\x80-\xff]/;

/**
 * How one line reads. `line` holds the line's bytes one per character (read as latin1), without its line
 * break.
 */
export function classifyLine(line: string): LineEncoding {
  const first = line.search(FIRST_HIGH);
  if (first < 0) return 'ascii';
  if (isUtf8(line, first)) return 'utf-8';
  const cp850 = fits(line, first, CP850_TABLE);
  const windows = fits(line, first, WINDOWS_1252_TABLE);
  return cp850 && windows ? 'both' : cp850 ? 'cp850' : windows ? 'windows-1252' : 'neither';
}

const NAMES: Record<'utf-8' | 'cp850' | 'windows-1252', string> = {
  'utf-8': 'UTF-8',
  cp850: 'DOS-Zeichensatz CP850',
  'windows-1252': 'Windows-1252',
};

/**
 * Collects the lines' readings (first line of each kind is enough) and decides the file's encoding, or
 * says in German which lines disagree.
 */
export class EncodingEvidence {
  private readonly first = new Map<LineEncoding, number>();

  note(line: number, kind: LineEncoding): void {
    if (kind !== 'ascii' && !this.first.has(kind)) this.first.set(kind, line);
  }

  /**
   * The encoding as soon as a line decides it (UTF-8, or one 8-bit page), an error once lines contradict
   * each other, null while no line has decided yet.
   */
  settled(): { encoding: DatanormEncoding } | { error: string } | null {
    const utf8 = this.first.get('utf-8');
    const cp850 = this.first.get('cp850');
    const windows = this.first.get('windows-1252');
    if (utf8 !== undefined) {
      const eightBit = this.firstEightBit();
      if (eightBit === null) return { encoding: 'utf-8' };
      return {
        error: `Die Datei mischt Zeichenkodierungen: Zeile ${utf8} ist ${NAMES['utf-8']}, Zeile ${eightBit} nicht.`,
      };
    }
    if (cp850 !== undefined && windows !== undefined) {
      return {
        error: `Die Datei mischt Zeichenkodierungen: Zeile ${cp850} liest sich nur im ${NAMES.cp850}, Zeile ${windows} nur in ${NAMES['windows-1252']}.`,
      };
    }
    if (cp850 !== undefined) return { encoding: 'cp850' };
    if (windows !== undefined) return { encoding: 'windows-1252' };
    return null;
  }

  /** The decision at the end of the file: undecided lines without a deciding one are an error. */
  decide(): { encoding: DatanormEncoding } | { error: string } {
    const settled = this.settled();
    if (settled) return settled;
    const undecided = this.firstEightBit();
    if (undecided === null) return { encoding: 'ascii' };
    return {
      error: `Die Zeichenkodierung lässt sich nicht sicher bestimmen: Die Sonderzeichen in Zeile ${undecided} passen zum ${NAMES.cp850} wie zu ${NAMES['windows-1252']}. Bitte die Datei als DATANORM (CP850) oder in UTF-8 speichern.`,
    };
  }

  private firstEightBit(): number | null {
    const lines = (['cp850', 'windows-1252', 'both', 'neither'] as const)
      .map((kind) => this.first.get(kind))
      .filter((line): line is number => line !== undefined);
    return lines.length === 0 ? null : Math.min(...lines);
  }
}

const HIGH_CHARS = /[\x80-\xff]/g;
const WINDOWS_1252_ONLY = /[\x80-\x9f]/g;

/** CP850 text that was read byte for byte (latin1) as the characters it stands for. */
export function cp850FromLatin1(text: string): string {
  return text.replace(HIGH_CHARS, (char) => CP850_HIGH[char.charCodeAt(0) - 0x80]!);
}

/** Windows-1252 text read byte for byte (latin1): only 0x80-0x9F differ from Latin-1. */
export function windows1252FromLatin1(text: string): string {
  return text.replace(WINDOWS_1252_ONLY, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!);
}
