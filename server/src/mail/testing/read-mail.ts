import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Test helpers that read a raw MIME message the way a mail client would (headers and text parts). */

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const input = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

export function mailHeader(raw: string, name: string): string {
  const head = raw.slice(0, Math.max(0, raw.search(/\r?\n\r?\n/)));
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? decodeHeader(line.slice(name.length + 1).trim()) : '';
}

/** The decoded text parts of one MIME entity, descending into multipart bodies by their declared boundary. */
function textsOf(entity: string): string[] {
  const split = entity.search(/\r?\n\r?\n/);
  if (split < 0) return [];
  const head = entity.slice(0, split);
  const body = entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = mailHeader(`${head}\n\n`, 'Content-Type');
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    // Only a line that is exactly the boundary delimits a part: a body line that merely starts with "--"
    // (a quoted-printable line of a link or code, say) does not.
    const delimiter = `--${boundary}`;
    const parts = body.split(/\r?\n/).reduce<string[][]>(
      (all, line) => {
        if (line === delimiter || line === `${delimiter}--`) all.push([]);
        else all[all.length - 1]!.push(line);
        return all;
      },
      [[]],
    );
    return parts.slice(1).flatMap((lines) => textsOf(lines.join('\n')));
  }
  if (!type.toLowerCase().startsWith('text/')) return [];
  const encoding = mailHeader(`${head}\n\n`, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') return [decodeQuotedPrintable(body)];
  if (encoding === 'base64') return [Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')];
  return [body];
}

/** The decoded text/plain and text/html parts, joined. */
export function mailText(raw: string): string {
  return textsOf(raw).join('\n');
}

/** The reset code of the first `/action?mode=resetPassword&oobCode=…` link of a mail. */
export function resetCodeOf(raw: string): string {
  const match = mailText(raw).match(/\/action\?mode=resetPassword&(?:amp;)?oobCode=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error('Die Mail enthält keinen Link zum Zurücksetzen.');
  return match[1];
}

/** The raw `.eml` mails written to `mailDir` (mailer without SMTP) whose To header names `address`. */
export function readMailsTo(mailDir: string, address: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(mailDir);
  } catch {
    return [];
  }
  return names
    .map((name) => readFileSync(path.join(mailDir, name), 'utf8'))
    .filter((raw) => mailHeader(raw, 'To').toLowerCase().includes(address.toLowerCase()));
}
