import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/** A rendered mail: German subject, plain text and HTML (templates in `./templates`). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail {
  messageId: string;
  /** The `.eml` file when no SMTP server is configured. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://…`; unset: every mail becomes an `.eml` file in `mailDir`. */
  smtpUrl?: string;
  mailDir: string;
  from: string;
  /** One line per mail written to disk (ARCHITECTURE §3: "written … and logged"). */
  log?: (line: string) => void;
}

/** A file name that sorts by time and never collides, e.g. `2026-05-04T10-15-00-123Z-3f9a1c2b.eml`. */
function emlFileName(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * Sends mail with nodemailer (ARCHITECTURE §3). With `SMTP_URL` every mail goes to that server; without
 * it the complete message is written to `DATA_DIR/mail/*.eml`, so an embedded installation and the e2e
 * journeys can read what would have been sent. Services never call this directly: they enqueue the
 * send-mail job, whose retries cover an unreachable server.
 */
export function createMailer(options: MailerOptions): Mailer {
  const log = options.log ?? ((line: string) => console.log(line));
  // nodemailer is loaded with the first mail, not with every start (ARCHITECTURE §7).
  let transport: Promise<Transporter> | undefined;
  const openTransport = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return transport;
  };

  async function send(message: MailMessage): Promise<SentMail> {
    const info = await (await openTransport()).sendMail({ from: options.from, ...message });
    if (options.smtpUrl) return { messageId: info.messageId };
    await mkdir(options.mailDir, { recursive: true });
    const file = path.join(options.mailDir, emlFileName());
    await writeFile(file, info.message as Buffer);
    log(`Mail an ${message.to} („${message.subject}“) gespeichert: ${file}`);
    return { messageId: info.messageId, file };
  }

  return {
    send,
    close() {
      void transport?.then((opened) => opened.close());
    },
  };
}
