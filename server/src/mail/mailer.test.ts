import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { passwordResetLink, passwordResetMail } from './templates/password-reset';
import { mailHeader, mailText, resetCodeOf } from './testing/read-mail';
import { type SmtpSink, startSmtpSink } from './testing/smtp-sink';

const mail = passwordResetMail({
  to: 'jürgen@test.local',
  name: 'Jürgen <Müller>',
  link: passwordResetLink('https://portal.example', 'abcDEF123'),
});

describe('createMailer without SMTP_URL', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-mailer-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each mail as an .eml file under the mail directory and logs its name', async () => {
    const lines: string[] = [];
    const mailDir = path.join(dir, 'mail');
    const mailer = createMailer({ mailDir, from: 'Portal <portal@test.local>', log: (l) => lines.push(l) });
    const sent = await mailer.send(mail);
    mailer.close();
    expect(readdirSync(mailDir)).toEqual([path.basename(sent.file!)]);
    expect(sent.file).toMatch(/\.eml$/);
    expect(lines).toEqual([expect.stringContaining(sent.file!)]);
    const raw = readFileSync(sent.file!, 'utf8');
    expect(mailHeader(raw, 'Subject')).toBe('Passwort zurücksetzen – Schaltschrank-Portal');
    expect(mailHeader(raw, 'To')).toContain('test.local');
    expect(mailHeader(raw, 'From')).toContain('portal@test.local');
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    const text = mailText(raw);
    expect(text).toContain('Guten Tag Jürgen <Müller>,');
    // the HTML part escapes what users typed
    expect(text).toContain('Jürgen &lt;Müller&gt;');
    expect(resetCodeOf(raw)).toBe('abcDEF123');
  });
});

describe('createMailer with SMTP_URL', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('delivers to the SMTP server and writes no file', async () => {
    const mailDir = path.join(os.tmpdir(), 'portal-mailer-unused');
    const mailer = createMailer({ smtpUrl: sink.url, mailDir, from: 'portal@test.local' });
    const sent = await mailer.send({ ...mail, to: 'empfang@test.local' });
    mailer.close();
    expect(sent.file).toBeUndefined();
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]!.to).toEqual(['empfang@test.local']);
    expect(resetCodeOf(sink.mails[0]!.raw)).toBe('abcDEF123');
    expect(() => readdirSync(mailDir)).toThrow();
  });

  it('fails when the server refuses, so that the job can retry', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, mailDir: os.tmpdir(), from: 'portal@test.local' });
    sink.refuseNext(1);
    await expect(mailer.send(mail)).rejects.toThrow(/451|vorübergehend/);
    mailer.close();
  });
});
