import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../db/schema';
import { createJobQueue } from '../jobs/queue';
import { sendMailJob } from '../jobs/send-mail.job';
import { createMailer } from '../mail/mailer';
import { mailHeader, mailText, readMailsTo, resetCodeOf } from '../mail/testing/read-mail';
import { type SmtpSink, startSmtpSink } from '../mail/testing/smtp-sink';
import { as, createTestApp, signIn } from '../test/test-app';
import {
  CLI_PUBLIC_URL,
  CLI_TEST_TIMEOUT_MS,
  type CliRun,
  type CliTarget,
  freshCliTarget,
  runCli,
  withDatabase,
} from './testing/cli-target';

const LINK = /https:\/\/portal\.example\.de\/action\?mode=resetPassword&oobCode=([A-Za-z0-9_-]+)/;

async function readState(target: CliTarget) {
  return withDatabase(target, async ({ db }) => ({
    companies: await db.select().from(companies),
    users: await db.select().from(users).orderBy(users.createdAt),
  }));
}

describe('npm run create-admin on an empty installation without a mail server', {
  timeout: CLI_TEST_TIMEOUT_MS,
}, () => {
  let target: CliTarget;
  let first: CliRun;
  beforeAll(async () => {
    target = await freshCliTarget();
    first = await runCli(target.env, [
      '--email',
      'Erika.Muster@Firma.de',
      '--name',
      'Erika',
      '--lastname',
      'Muster',
      '--company',
      'Muster Schaltanlagen GmbH',
    ]);
  }, CLI_TEST_TIMEOUT_MS);
  afterAll(() => target.close());

  it('migrates the empty database and creates the operator company with an active admin, and nothing else', async () => {
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain('Betreiber-Unternehmen „Muster Schaltanlagen GmbH“ angelegt.');
    expect(first.out).toContain('Administrator erika.muster@firma.de angelegt.');
    const state = await readState(target);
    // No demo data: exactly the one company and the one user.
    expect(state.companies).toHaveLength(1);
    expect(state.companies[0]).toMatchObject({
      name: 'Muster Schaltanlagen GmbH',
      type: 'ADMIN',
      active: true,
    });
    expect(state.users).toHaveLength(1);
    expect(state.users[0]).toMatchObject({
      email: 'erika.muster@firma.de',
      name: 'Erika',
      lastname: 'Muster',
      admin: true,
      companyId: state.companies[0]!.id,
    });
  });

  it('writes the invitation as .eml into DATA_DIR/mail and prints the same link', () => {
    const mails = readMailsTo(path.join(target.dataDir, 'mail'), 'erika.muster@firma.de');
    expect(mails).toHaveLength(1);
    expect(mailHeader(mails[0]!, 'Subject')).toBe('Einladung zum Schaltschrank-Portal');
    expect(mailText(mails[0]!)).toContain('„Muster Schaltanlagen GmbH“');
    const printed = LINK.exec(first.out);
    expect(printed?.[1]).toBe(resetCodeOf(mails[0]!));
    expect(first.out).toContain(path.join(target.dataDir, 'mail'));
  });

  it('the admin sets a password through the link, signs in and manages companies', async () => {
    const code = LINK.exec(first.out)![1]!;
    const database = await target.open();
    const ctx = await createTestApp({ sharedDatabase: database });
    try {
      const set = await as(ctx.app, null, {
        method: 'POST',
        url: '/api/user/password/reset',
        payload: { mail: 'erika.muster@firma.de', password: 'Schaltschrank-2026', oobCode: code },
      });
      expect(set.statusCode).toBe(200);
      const session = await signIn(ctx.app, 'erika.muster@firma.de', 'Schaltschrank-2026');
      const list = await as(ctx.app, session, { method: 'GET', url: '/api/company/all' });
      expect(list.statusCode).toBe(200);
    } finally {
      await ctx.close();
      await database.close();
    }
  });

  it('refuses the same address again with a German message and exit code 1, creating and mailing nothing', async () => {
    const again = await runCli(target.env, ['--email', ' ERIKA.muster@firma.de ', '--company', 'Noch eins']);
    expect(again.code).toBe(1);
    expect(again.err).toBe(
      'Die E-Mail-Adresse erika.muster@firma.de wird bereits von einem Nutzer verwendet. Der Administrator wurde nicht angelegt.',
    );
    expect(again.out).toBe('');
    const state = await readState(target);
    expect(state.companies).toHaveLength(1);
    expect(state.users).toHaveLength(1);
    expect(readMailsTo(path.join(target.dataDir, 'mail'), 'erika.muster@firma.de')).toHaveLength(1);
  });

  it('a second admin with another address joins the existing operator company', async () => {
    const second = await runCli(target.env, [
      '--email',
      'max.beispiel@firma.de',
      '--company',
      'Anderer Name',
    ]);
    expect(second.code).toBe(0);
    expect(second.out).toContain(
      'Betreiber-Unternehmen „Muster Schaltanlagen GmbH“ gibt es bereits; der Administrator gehört dazu.',
    );
    const state = await readState(target);
    expect(state.companies).toHaveLength(1);
    expect(state.users.map((user) => [user.email, user.admin, user.companyId])).toEqual([
      ['erika.muster@firma.de', true, state.companies[0]!.id],
      ['max.beispiel@firma.de', true, state.companies[0]!.id],
    ]);
    expect(readMailsTo(path.join(target.dataDir, 'mail'), 'max.beispiel@firma.de')).toHaveLength(1);
  });
});

describe('npm run create-admin with a mail server', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  let target: CliTarget;
  let sink: SmtpSink;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    [target, sink] = await Promise.all([freshCliTarget(), startSmtpSink()]);
    env = { ...target.env, SMTP_URL: sink.url, MAIL_FROM: 'Portal <portal@firma.de>' };
  }, CLI_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await sink.close();
    await target.close();
  });

  it('sends the invitation through SMTP and prints no link', async () => {
    const run = await runCli(env, ['--email', 'admin@firma.de', '--name', 'Anna']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Die Einladung zum Festlegen des Passworts wurde an admin@firma.de gesendet.');
    expect(run.out).not.toContain('oobCode');
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]!.to).toEqual(['admin@firma.de']);
    expect(mailText(sink.mails[0]!.raw)).toContain('Guten Tag Anna,');
    expect(mailText(sink.mails[0]!.raw)).toMatch(LINK);
    // The operator company got the default name.
    const state = await readState(target);
    expect(state.companies.map((company) => [company.name, company.type])).toEqual([['Betreiber', 'ADMIN']]);
    expect(() => readdirSync(path.join(target.dataDir, 'mail'))).toThrow();
  });

  it('a refused mail is kept for the portal to retry, and the link is printed meanwhile', async () => {
    sink.refuseNext(1);
    const run = await runCli(env, ['--email', 'zweiter@firma.de']);
    expect(run.code).toBe(0);
    expect(run.err).toContain('Die Einladung konnte noch nicht gesendet werden');
    expect(run.err).toContain('Das Portal versucht es weiter, sobald es läuft.');
    const printed = LINK.exec(run.out)?.[1];
    expect(printed).toBeDefined();
    expect(sink.mails.map((mail) => mail.to[0])).toEqual(['admin@firma.de']);

    // The portal's mail worker later sends the same invitation.
    await withDatabase(target, async (database) => {
      const mailer = createMailer({ smtpUrl: sink.url, mailDir: target.dataDir, from: 'p@firma.de' });
      const queue = createJobQueue({
        database,
        jobs: [sendMailJob],
        deps: {
          mailer,
          log: { info: () => {}, error: () => {} },
          db: database.db,
          database,
          files: undefined as never,
          baseUrl: CLI_PUBLIC_URL,
        },
      });
      await queue.start();
      try {
        expect(await queue.drain({ includeDelayed: true })).toBe(1);
      } finally {
        await queue.stop();
        mailer.close();
      }
    });
    expect(sink.mails.map((mail) => mail.to[0])).toEqual(['admin@firma.de', 'zweiter@firma.de']);
    expect(resetCodeOf(sink.mails[1]!.raw)).toBe(printed);
    const [created] = await withDatabase(target, ({ db }) =>
      db.select().from(users).where(eq(users.email, 'zweiter@firma.de')),
    );
    expect(created).toMatchObject({ admin: true, name: '', lastname: '' });
  });
});
