import { Transform, type TransformCallback } from 'node:stream';
import { fileExtension } from '@portal/domain/rules/file-type';

/**
 * SPEC §5 upload formats: an upload must be what its extension says, so a program or a picture cannot pass as a
 * circuit diagram. Each format is recognised by the first bytes its programs write; the Perforex formats
 * (pau, pbt, …) have no published signature and are taken by extension only.
 */

/** How many bytes are looked at: signatures sit at the start; text is checked for NUL in the first KB. */
const HEAD_BYTES = 1024;

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PDF = Buffer.from('%PDF-', 'latin1');
const EMPTY_ZIP = Buffer.from('PK\x05\x06', 'latin1');

/** A Windows or Linux program (MZ, ELF). */
function isProgram(head: Buffer): boolean {
  return (
    head.subarray(0, 2).toString('latin1') === 'MZ' || head.subarray(0, 4).toString('latin1') === '\x7fELF'
  );
}

/** A text file: no NUL byte in the head, except text written as UTF-16 with its byte-order mark. */
function isText(head: Buffer): boolean {
  const utf16 =
    head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));
  return utf16 || !head.includes(0);
}

interface Format {
  /** The format's name in the refusal ("keine PDF-Datei"). */
  name: string;
  matches(head: Buffer): boolean;
}

const FORMATS: Record<string, Format> = {
  // Acrobat reads a PDF whose header lies anywhere in the first 1024 bytes (ISO 32000 annex H).
  pdf: { name: 'PDF-Datei', matches: (head) => head.subarray(0, HEAD_BYTES).includes(PDF) },
  png: { name: 'PNG-Bild', matches: (head) => head.subarray(0, 8).equals(PNG) },
  jpg: { name: 'JPEG-Bild', matches: (head) => head.subarray(0, 3).equals(JPEG) },
  jpeg: { name: 'JPEG-Bild', matches: (head) => head.subarray(0, 3).equals(JPEG) },
  gif: {
    name: 'GIF-Bild',
    matches: (head) => ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1')),
  },
  xls: { name: 'Excel-Datei (.xls)', matches: (head) => head.subarray(0, 8).equals(OLE) },
  doc: { name: 'Word-Datei (.doc)', matches: (head) => head.subarray(0, 8).equals(OLE) },
  xlsx: { name: 'Excel-Datei (.xlsx)', matches: (head) => head.subarray(0, 4).equals(ZIP) },
  docx: { name: 'Word-Datei (.docx)', matches: (head) => head.subarray(0, 4).equals(ZIP) },
  csv: { name: 'Textdatei (CSV)', matches: isText },
  txt: { name: 'Textdatei', matches: isText },
  // The project folder's drawings, NC programs, label files and archives.
  dxf: {
    name: 'DXF-Zeichnung',
    matches: (head) => head.subarray(0, 18).toString('latin1') === 'AutoCAD Binary DXF' || isText(head),
  },
  dwg: { name: 'DWG-Zeichnung', matches: (head) => head.subarray(0, 4).toString('latin1') === 'AC10' },
  step: { name: 'STEP-Datei', matches: isText },
  stp: { name: 'STEP-Datei', matches: isText },
  zip: {
    name: 'ZIP-Archiv',
    matches: (head) => head.subarray(0, 4).equals(ZIP) || head.subarray(0, 4).equals(EMPTY_ZIP),
  },
  lbx: { name: 'Etikettendatei (.lbx)', matches: (head) => head.subarray(0, 4).equals(ZIP) },
  nc: { name: 'NC-Programm', matches: isText },
  cnc: { name: 'NC-Programm', matches: isText },
  iso: { name: 'NC-Programm', matches: isText },
  tap: { name: 'NC-Programm', matches: isText },
  gcode: { name: 'NC-Programm', matches: isText },
  xml: { name: 'XML-Datei', matches: isText },
  // Label programs write .lbl as text or in their own binary form; only a program passing as one is refused.
  lbl: { name: 'Etikettendatei (.lbl)', matches: (head) => !isProgram(head) },
};

/** The upload's content does not fit its extension; the message names the file, never its bytes. */
export class FileContentMismatchError extends Error {
  constructor(
    readonly filename: string,
    formatName: string,
  ) {
    super(
      `Die Datei „${filename}“ ist keine ${formatName}: Ihr Inhalt passt nicht zur Dateiendung. Bitte laden Sie die Originaldatei hoch.`,
    );
  }
}

/** Does `head` (the first bytes of a file, all of them for a short file) fit the extension of `filename`? */
export function contentMatchesExtension(filename: string, head: Buffer): boolean {
  const format = FORMATS[fileExtension(filename)];
  return format ? format.matches(head) : true;
}

/**
 * Passes the upload through unchanged and fails with {@link FileContentMismatchError} as soon as its first
 * KB (or the whole file, when shorter) does not fit the extension, so a refused file is never kept.
 */
export function contentCheck(filename: string): Transform {
  const format = FORMATS[fileExtension(filename)];
  const held: Buffer[] = [];
  let heldBytes = 0;
  let decided = format === undefined;

  function decide(): Error | null {
    decided = true;
    const head = Buffer.concat(held);
    return format && !format.matches(head) ? new FileContentMismatchError(filename, format.name) : null;
  }

  function release(stream: Transform): void {
    for (const chunk of held) stream.push(chunk);
    held.length = 0;
  }

  const check = new Transform({
    transform(this: Transform, chunk: Buffer, _encoding, callback: TransformCallback) {
      if (decided) return callback(null, chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes < HEAD_BYTES) return callback();
      const error = decide();
      if (error) return callback(error);
      release(this);
      callback();
    },
    flush(this: Transform, callback: TransformCallback) {
      if (decided) return callback();
      const error = decide();
      if (error) return callback(error);
      release(this);
      callback();
    },
  });
  // The consumer (a storage's pipeline) may attach only after an await (creating the folder), while a short
  // upload has already arrived and been refused; it still gets the failure (the stream keeps it as
  // `errored`), but the refusal must not be an unhandled 'error' event meanwhile.
  check.on('error', () => {});
  return check;
}
