import type { Cell, SheetRow } from './sheet-source';
import type { XmlParser } from './xml-stream';

/**
 * What the import reads from the XML of an .xlsx (ECMA-376 part 1, §18.3 worksheet, §18.4 shared strings),
 * as handlers on a streaming parser: cell values by column, text of shared and inline strings.
 */

/** Excel's `_xHHHH_` escapes for characters XML cannot hold (e.g. `_x000D_` for a carriage return). */
export function decodeExcelEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** Column index of a cell reference: A1 → 0, Z9 → 25, AA1 → 26. */
export function columnIndex(reference: string): number {
  let index = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

/**
 * The names of the elements read, with the prefix of the document's root element: producers that write
 * SpreadsheetML with a prefix (`<x:worksheet>`) write it on every element. Comparing whole names keeps the
 * millions of element events of a large sheet free of string slicing.
 */
function elementNames(root: string) {
  const colon = root.indexOf(':');
  const prefix = colon < 0 ? '' : root.slice(0, colon + 1);
  return {
    c: `${prefix}c`,
    v: `${prefix}v`,
    row: `${prefix}row`,
    dimension: `${prefix}dimension`,
    si: `${prefix}si`,
    t: `${prefix}t`,
    rPh: `${prefix}rPh`,
  };
}
type ElementNames = ReturnType<typeof elementNames>;

/**
 * The text of rich text (`<si>`, `<is>`): all `<t>` runs, phonetic runs (`<rPh>`, Japanese readings) left
 * out. Fed with the element events inside the item.
 */
class RichText {
  private text = '';
  private inRun = false;
  private phonetic = 0;

  constructor(private readonly names: ElementNames) {}

  open(name: string): void {
    if (name === this.names.t) this.inRun = this.phonetic === 0;
    else if (name === this.names.rPh) this.phonetic++;
  }

  close(name: string): void {
    if (name === this.names.t) this.inRun = false;
    else if (name === this.names.rPh) this.phonetic--;
  }

  add(text: string): void {
    if (this.inRun) this.text += text;
  }

  value(): string {
    return decodeExcelEscapes(this.text);
  }
}

/** The shared strings table, filled while `parser` reads the shared strings part. */
export function collectSharedStrings(parser: XmlParser): string[] {
  const strings: string[] = [];
  let names: ElementNames | null = null;
  let item: RichText | null = null;
  parser.on('opentag', (tag) => {
    names ??= elementNames(tag.name);
    if (tag.name === names.si) item = new RichText(names);
    else item?.open(tag.name);
  });
  parser.on('closetag', (tag) => {
    if (item && tag.name === names?.si) {
      strings.push(item.value());
      item = null;
    } else item?.close(tag.name);
  });
  const onText = (text: string) => item?.add(text);
  parser.on('text', onText);
  parser.on('cdata', onText);
  return strings;
}

/**
 * How a cell of type `s` gets its text: at once from the whole table (allSharedStrings), or after the rows
 * were read, from as much of the table as they refer to (LaterSharedStrings: a header row read from a file
 * of 20,000 lines needs the first few hundred strings, not all of them).
 */
export interface SharedStringCells {
  put(index: number, cells: Cell[], column: number): void;
}

/** Shared-string cells filled from the whole table; an index beyond it is an empty text. */
export const allSharedStrings = (strings: readonly string[]): SharedStringCells => ({
  put(index, cells, column) {
    cells[column] = strings[index] ?? '';
  },
});

/** Shared-string cells remembered and filled once the table is read as far as `highest()`. */
export class LaterSharedStrings implements SharedStringCells {
  private readonly pending: { cells: Cell[]; column: number; index: number }[] = [];
  private top = -1;

  put(index: number, cells: Cell[], column: number): void {
    cells[column] = '';
    this.pending.push({ cells, column, index });
    if (index > this.top) this.top = index;
  }

  /** The highest index the rows refer to; -1 when none. */
  highest(): number {
    return this.top;
  }

  fill(strings: readonly string[]): void {
    for (const { cells, column, index } of this.pending) cells[column] = strings[index] ?? '';
  }
}

/** The value of a finished `<c>` by its type `t` (not `s`); undefined leaves the cell out. */
function cellValue(type: string, raw: string | null): Cell | undefined {
  if (raw === null) return undefined;
  switch (type) {
    case 'n':
      return raw === '' ? null : Number(raw);
    case 'b':
      return raw === '1';
    case 'e':
      return null;
    default:
      return decodeExcelEscapes(raw);
  }
}

export interface SheetRows {
  /** Rows finished since the caller last took them. */
  take(): SheetRow[];
  /** Rows of the sheet as its `<dimension>` says, null before it was read or without one. */
  estimatedRows(): number | null;
}

/** Collects the rows of the worksheet that `parser` reads; empty cells are left out (holes in `cells`). */
export function collectSheetRows(parser: XmlParser, sharedStrings: SharedStringCells): SheetRows {
  let rows: SheetRow[] = [];
  let estimated: number | null = null;
  let names: ElementNames | null = null;
  let line = 0;
  let cells: Cell[] | null = null;
  let nextColumn = 0;
  // The cell being read: its column, type, `<v>` text (null until one opens) and inline string.
  let column = -1;
  let type = 'n';
  let raw: string | null = null;
  let inValue = false;
  let inline: RichText | null = null;

  parser.on('opentag', (tag) => {
    const name = tag.name;
    names ??= elementNames(name);
    if (inline) inline.open(name);
    else if (name === names.c && cells) {
      const reference = tag.attributes.r;
      column = reference ? columnIndex(reference) : nextColumn;
      nextColumn = column + 1;
      type = tag.attributes.t ?? 'n';
      raw = null;
      // `<c t="inlineStr"></c>` is an empty text; `<c .../>` an empty cell.
      inline = type === 'inlineStr' && !tag.isSelfClosing ? new RichText(names) : null;
    } else if (name === names.v && column >= 0) {
      raw = '';
      inValue = true;
    } else if (name === names.row) {
      const number = tag.attributes.r;
      line = number ? Number(number) : line + 1;
      cells = [];
      nextColumn = 0;
    } else if (name === names.dimension) {
      const ref = /^[A-Z]+(\d+)(?::[A-Z]+(\d+))?$/.exec(tag.attributes.ref ?? '');
      if (ref) estimated = Number(ref[2] ?? ref[1]);
    }
  });
  parser.on('closetag', (tag) => {
    const name = tag.name;
    if (cells && column >= 0 && name === names?.c) {
      if (inline) cells[column] = inline.value();
      else if (type === 's' && raw !== null) sharedStrings.put(Number(raw), cells, column);
      else {
        const value = cellValue(type, raw);
        if (value !== undefined) cells[column] = value;
      }
      column = -1;
      inline = null;
    } else if (inline) inline.close(name);
    else if (name === names?.v) inValue = false;
    else if (cells && name === names?.row) {
      rows.push({ line, cells });
      cells = null;
    }
  });
  const onText = (text: string) => {
    if (inValue) raw += text;
    else inline?.add(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  return {
    take() {
      const taken = rows;
      rows = [];
      return taken;
    },
    estimatedRows: () => estimated,
  };
}
