import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { createLocalStorage } from '../files/local-storage';
import { createMailer } from '../mail/mailer';
import { type SmtpSink, startSmtpSink } from '../mail/testing/smtp-sink';
import { createTestDatabase } from '../test/test-db';
import { createJobQueue, type JobQueue } from './queue';
import { sendMailJob } from './send-mail.job';

let database: Database;
let sink: SmtpSink;
let queue: JobQueue;
const errors: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  const mailer = createMailer({ smtpUrl: sink.url, mailDir: '/nonexistent', from: 'portal@test.local' });
  queue = createJobQueue({
    database,
    jobs: [sendMailJob],
    deps: {
      mailer,
      log: { info: () => {}, error: (line) => errors.push(line) },
      db: database.db,
      database,
      files: createLocalStorage(path.join(os.tmpdir(), 'portal-queue-test-files')),
      baseUrl: 'http://localhost:3000',
    },
  });
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await sink.close();
  await database.close();
});

const mail = (to: string) => ({ to, subject: 'Test', text: 'Hallo', html: '<p>Hallo</p>' });

describe('job queue (pg-boss) with the send-mail job', () => {
  it('runs an enqueued job once', async () => {
    await queue.enqueue(sendMailJob, mail('eins@test.local'));
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0);
    expect(sink.mails.filter((m) => m.to.includes('eins@test.local'))).toHaveLength(1);
  });

  it('a failed send is retried later, not lost, and the failure is logged', async () => {
    sink.refuseNext(1);
    await queue.enqueue(sendMailJob, mail('zwei@test.local'));
    expect(await queue.drain()).toBe(1);
    expect(sink.mails.some((m) => m.to.includes('zwei@test.local'))).toBe(false);
    expect(errors.at(-1)).toMatch(/send-mail fehlgeschlagen \(Versuch 1 von 11\), wird wiederholt/);
    // the retry waits for its backoff (30 s): not due yet ...
    expect(await queue.drain()).toBe(0);
    // ... and succeeds when it runs
    expect(await queue.drain({ includeDelayed: true })).toBe(1);
    expect(sink.mails.filter((m) => m.to.includes('zwei@test.local'))).toHaveLength(1);
  });

  it('a job enqueued in a transaction exists only if the transaction commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(sendMailJob, mail('rollback@test.local'), { tx });
        throw new Error('abgebrochen');
      }),
    ).rejects.toThrow('abgebrochen');
    await database.db.transaction(async (tx) => {
      await queue.enqueue(sendMailJob, mail('commit@test.local'), { tx });
    });
    expect(await queue.drain()).toBe(1);
    expect(sink.mails.some((m) => m.to.includes('rollback@test.local'))).toBe(false);
    expect(sink.mails.some((m) => m.to.includes('commit@test.local'))).toBe(true);
  });

  it('refuses a payload that does not fit the job', async () => {
    await expect(queue.enqueue(sendMailJob, { to: '', subject: 'x', text: '', html: '' })).rejects.toThrow();
  });
});

describe('a worker woken after enqueueing', () => {
  it('runs the job at once instead of at its next poll', async () => {
    const woken = createJobQueue({
      database,
      jobs: [sendMailJob],
      deps: {
        mailer: createMailer({ smtpUrl: sink.url, mailDir: '/nonexistent', from: 'portal@test.local' }),
        log: { info: () => {}, error: (line) => errors.push(line) },
        db: database.db,
        database,
        files: createLocalStorage(path.join(os.tmpdir(), 'portal-queue-test-files')),
        baseUrl: 'http://localhost:3000',
      },
      // The next poll would come after ten minutes: only the wake-up can start the job in this test.
      pollingIntervalSeconds: 600,
    });
    await woken.start();
    try {
      // work() settles after the worker's first poll, which found nothing.
      await woken.work();
      await woken.enqueue(sendMailJob, mail('geweckt@test.local'));
      woken.wake(sendMailJob);
      await vi.waitFor(() => expect(sink.mails.some((m) => m.to.includes('geweckt@test.local'))).toBe(true), {
        timeout: 10_000,
      });
    } finally {
      await woken.stop();
    }
  });
});
