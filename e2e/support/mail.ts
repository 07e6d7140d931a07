import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { mailDir } from './data-dir';

/**
 * Mails of the server under test: without SMTP_URL it writes every mail as an `.eml` file to
 * DATA_DIR/mail/. Journeys run in parallel, so always look mails up by a recipient address the journey
 * created itself (e.g. `e2e-${Date.now()}@example.test`), never "the newest mail".
 */
export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** The decoded text of all text parts (quoted-printable and base64 undone). */
  text: string;
  /** Every http(s) link found in the text. */
  links: string[];
  raw: string;
}

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

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as nodemailer writes them for umlauts. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function headerOf(head: string, name: string): string {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? decodeHeader(line.slice(name.length + 1).trim()) : '';
}

/** Decodes the text/plain and text/html parts (or the single body) of a raw MIME message. */
function textOf(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const texts: string[] = [];
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = part.slice(0, split);
    const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
    const type = headerOf(head, 'Content-Type').toLowerCase();
    if (type && !type.startsWith('text/')) continue;
    const encoding = headerOf(head, 'Content-Transfer-Encoding').toLowerCase();
    if (encoding === 'quoted-printable') texts.push(decodeQuotedPrintable(body));
    else if (encoding === 'base64')
      texts.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (type || parts.length === 1) texts.push(body);
  }
  return texts.join('\n');
}

export function parseMail(file: string): Mail {
  const raw = readFileSync(file, 'utf8');
  const head = raw.slice(0, Math.max(0, raw.search(/\r?\n\r?\n/)));
  const text = textOf(raw);
  const links = [...new Set(text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])].map((link) =>
    link.replace(/&amp;/g, '&'),
  );
  return { file, to: headerOf(head, 'To'), subject: headerOf(head, 'Subject'), text, links, raw };
}

/** Every mail written so far, oldest first. */
export function readMails(): Mail[] {
  let names: string[];
  try {
    names = readdirSync(mailDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((name) => path.join(mailDir(), name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map(parseMail);
}

export interface MailQuery {
  /** A part of the subject, or a pattern for it. */
  subject?: string | RegExp;
  /** Only mails written at or after this moment (`Date.now()` before the action; a retry must not pick up
   * the mail of an earlier attempt). */
  since?: number;
  timeout?: number;
}

/** Waits (mails may be sent by a background job) for a mail to `to` that matches the query. */
export async function waitForMail(to: string, query: MailQuery = {}): Promise<Mail> {
  const { subject, since, timeout = 20_000 } = query;
  const matches = (mail: Mail) =>
    mail.to.toLowerCase().includes(to.toLowerCase()) &&
    (since === undefined || statSync(mail.file).mtimeMs >= since - 1000) &&
    (subject === undefined ||
      (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject)));
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = readMails().find(matches);
        return found !== undefined;
      },
      { message: `Mail an ${to}${subject ? ` (${subject})` : ''} in ${mailDir()}`, timeout },
    )
    .toBe(true);
  return found!;
}
