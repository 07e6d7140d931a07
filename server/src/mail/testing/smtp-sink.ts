import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for the mailer. */
  url: string;
  mails: ReceivedMail[];
  /** The next `count` messages are refused with a temporary error (451), as a busy server would. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/** A real SMTP server on loopback for tests (ARCHITECTURE §3: "tests talk to a real SMTP server"). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse--;
          const error = Object.assign(new Error('Mailbox vorübergehend nicht verfügbar'), {
            responseCode: 451,
          });
          callback(error);
          return;
        }
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuseNext(count) {
      refuse = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
