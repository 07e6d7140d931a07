import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { mailHeader, mailText } from '../../mail/testing/read-mail';
import { type SmtpSink, startSmtpSink } from '../../mail/testing/smtp-sink';
import { createActor, createCompany, createUser } from '../../test/factories';
import { as, createTestApp, signIn, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { sendNotificationDigests } from './digest';
import { notifyCompanies } from './notify';

let sink: SmtpSink;
let ctx: TestContext;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ smtpUrl: sink.url });
});

afterAll(async () => {
  await ctx.close();
  await sink.close();
});

async function notify(db: Db, companyId: string, text: string, minutesAgo: number): Promise<void> {
  await db.transaction((tx) =>
    notifyCompanies(tx, { companyIds: [companyId], entity: 'OFFER', action: 'update', text, link: '/offer' }),
  );
  await ctx.database.executeSql(
    `update notifications set created_at = now() - ($1 || ' minutes')::interval where text = $2`,
    [String(minutesAgo), text],
  );
}

/** One digest run, its mails sent through the SMTP server; the mails of this run to `address`. */
async function runDigest(address: string): Promise<string[]> {
  const before = sink.mails.length;
  await sendNotificationDigests({ db: ctx.db, queue: ctx.queue, baseUrl: TEST_ORIGIN });
  await ctx.drainJobs();
  return sink.mails
    .slice(before)
    .filter((mail) => mail.to.includes(address))
    .map((mail) => mail.raw);
}

describe('the digest of unread notifications', () => {
  it('after 15 minutes unread: one German mail listing what waits; at most one an hour; each notification once', async () => {
    const company = await createCompany(ctx.db, { type: 'SUPPLIER' });
    const user = await createUser(ctx.db, { companyId: company.id });
    await ctx.database.executeSql(`update users set name = 'Lena', lastname = 'Lieferant' where id = $1`, [
      user.id,
    ]);
    await notify(ctx.db, company.id, 'Kunde A hat das Angebot AN-1 angenommen', 20);
    await notify(ctx.db, company.id, 'Kunde B hat das Angebot AN-2 abgelehnt', 16);
    await notify(ctx.db, company.id, 'Noch frisch: Angebot AN-3', 2);

    const [mail, ...more] = await runDigest(user.email);
    expect(more).toEqual([]);
    expect(mailHeader(mail!, 'subject')).toBe('3 ungelesene Benachrichtigungen – Schaltschrank-Portal');
    const text = mailText(mail!);
    expect(text).toContain('Guten Tag Lena Lieferant,');
    expect(text).toContain('• Kunde A hat das Angebot AN-1 angenommen');
    expect(text).toContain('• Kunde B hat das Angebot AN-2 abgelehnt');
    expect(text).toContain(`${TEST_ORIGIN}/messages`);
    expect(text).toContain('höchstens einmal pro Stunde');

    // Nothing new waits 15 minutes: no second mail; a new one within the hour waits for the hour to pass.
    expect(await runDigest(user.email)).toEqual([]);
    await notify(ctx.db, company.id, 'Kunde C hat das Angebot AN-4 angenommen', 30);
    expect(await runDigest(user.email)).toEqual([]);
    await ctx.database.executeSql(
      `update notification_digests set last_sent_at = now() - interval '61 minutes' where user_id = $1`,
      [user.id],
    );
    const [later] = await runDigest(user.email);
    expect(mailText(later!)).toContain('• Kunde C hat das Angebot AN-4 angenommen');
  });

  it('nothing for what was read, for users who switched it off, and for the operator', async () => {
    const company = await createCompany(ctx.db, { type: 'CUSTOMER' });
    const reader = await createUser(ctx.db, { companyId: company.id });
    const optedOut = await createUser(ctx.db, { companyId: company.id });
    const optOut = await as(ctx.app, await signIn(ctx.app, optedOut.email), {
      method: 'POST',
      url: '/api/notification/settings',
      payload: { digest: false },
    });
    expect(optOut.statusCode).toBe(200);
    await notify(ctx.db, company.id, 'Neues Angebot AN-9 von Lieferant X', 40);
    await as(ctx.app, await signIn(ctx.app, reader.email), {
      method: 'POST',
      url: '/api/notification/read/all',
    });
    const operator = await createActor(ctx.db, 'ADMIN', { admin: true });
    expect(await runDigest(reader.email)).toEqual([]);
    expect(await runDigest(optedOut.email)).toEqual([]);
    expect(await runDigest(operator.user.email)).toEqual([]);
  });
});
