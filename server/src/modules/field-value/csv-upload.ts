import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/** CSV uploads of field values are small tables; anything bigger is refused before it is read. */
export const CSV_UPLOAD_LIMITS = { fileSize: 10 * 1024 * 1024, files: 1, fields: 10, parts: 11 };

/** Registers multipart parsing in the calling plugin's scope only. */
export async function registerCsvUpload(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: CSV_UPLOAD_LIMITS });
}

/**
 * Reads the one CSV file of a multipart request (field `file`, SPEC §7) as text: UTF-8 (with or without
 * BOM), or Windows-1252 as German spreadsheet programs save "CSV" by default. Not a .csv file or more
 * than one file: 417 / 400 with a German reason.
 */
export async function readCsvUpload(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let buffer: Buffer | null = null;
  let filename = '';
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (buffer !== null) throw new AppError('VALIDATION', 'Bitte wählen Sie genau eine Datei aus.');
      filename = part.filename;
      buffer = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', 'Die Datei ist zu groß (höchstens 10 MB).');
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('VALIDATION', 'Bitte wählen Sie genau eine Datei aus.');
    if (code.startsWith('FST_'))
      throw new AppError('VALIDATION', 'Die hochgeladene Datei konnte nicht gelesen werden.');
    throw error;
  }
  if (buffer === null) throw new AppError('VALIDATION', 'Bitte wählen Sie eine Datei aus.');
  if (!/\.csv$/i.test(filename)) {
    throw new AppError('IMPORT_WRONG_FORMAT', 'Bitte wählen Sie eine CSV-Datei (.csv) aus.');
  }
  if (!isText(buffer)) {
    // A program or an image renamed to .csv: its bytes are no table and must never be echoed back.
    throw new AppError(
      'IMPORT_WRONG_FORMAT',
      `„${shortName(filename)}“ ist keine CSV-Datei: Sie enthält keinen Text, sondern binäre Daten (z. B. ein Programm oder ein Bild). Bitte wählen Sie eine CSV-Datei aus, wie sie der Export liefert.`,
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

/** Sends a CSV download with its file name (ASCII fallback plus UTF-8 name, RFC 6266). */
export function sendCsv(reply: FastifyReply, filename: string, content: string): FastifyReply {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', '');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .header('cache-control', 'no-store')
    .send(content);
}

/**
 * A text file has no control characters besides tab, line feed, carriage return and form feed; a program,
 * an archive or an image has them from its first bytes on (NUL in every .exe header).
 */
function isText(buffer: Buffer): boolean {
  for (const byte of buffer) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

/** The file name as the person chose it, shortened so that a message stays readable. */
function shortName(filename: string): string {
  const name = [...filename].filter((char) => char >= ' ' && char !== '\u007f').join('');
  return name.length > 80 ? `${name.slice(0, 77)}…` : name;
}
