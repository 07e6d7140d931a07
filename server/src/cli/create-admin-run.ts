import path from 'node:path';
import { INVITATION_TTL_DAYS } from '../auth/password-token';
import { openDatabase, publicBaseUrl } from '../bootstrap';
import { type Config, loadConfig } from '../config';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { runMigrations } from '../db/migrate';
import { AppError } from '../errors';
import { createStorage } from '../files';
import { createJobQueue } from '../jobs/queue';
import { sendMailJob } from '../jobs/send-mail.job';
import { createMailer, type Mailer, type SentMail } from '../mail/mailer';
import { passwordResetLink } from '../mail/templates/password-reset';
import { type CreatedOperatorAdmin, createOperatorAdmin } from '../modules/user';
import { CREATE_ADMIN_USAGE, type CreateAdminOptions, parseCreateAdminArgs } from './create-admin-args';

export interface CreateAdminIo {
  argv: string[];
  /** The environment, read with the same rules as `npm start` (DATABASE_URL, DATA_DIR, SMTP_URL …). */
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** What became of the invitation to the new admin when the command sent the due mails. */
interface InvitationOutcome {
  sent?: SentMail;
  error?: string;
}

const NOT_CREATED = 'Der Administrator wurde nicht angelegt.';

function messagesOf(error: unknown): string[] {
  const lines: string[] = [];
  let current: unknown = error;
  while (current instanceof Error && lines.length < 3) {
    if (!current.message.startsWith('Failed query:')) lines.push(current.message);
    current = current.cause;
  }
  return lines.length > 0 ? lines : [String(error)];
}

/**
 * `npm run create-admin`: the first operator administrator of a real installation, without demo data
 * (whose passwords are public). Answers the exit code: 0 created, 1 refused or failed.
 */
export async function runCreateAdmin(io: CreateAdminIo): Promise<number> {
  const args = parseCreateAdminArgs(io.argv);
  if (args.kind === 'help') {
    io.out(CREATE_ADMIN_USAGE);
    return 0;
  }
  if (args.kind === 'invalid') {
    io.err(args.message);
    io.err('Hilfe: npm run create-admin -- --help');
    return 1;
  }
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    io.err(`${NOT_CREATED} ${messagesOf(error).join(' ')}`);
    return 1;
  }
  try {
    return await createWithConfig(io, config, args.options);
  } catch (error) {
    io.err(NOT_CREATED);
    if (isDatabaseUnavailable(error))
      io.err(
        'Die Datenbank ist nicht erreichbar. Bitte prüfen Sie DATABASE_URL und ob der Datenbankserver läuft.',
      );
    for (const line of messagesOf(error)) io.err(line);
    return 1;
  }
}

async function createWithConfig(io: CreateAdminIo, config: Config, options: CreateAdminOptions) {
  // Throws while `npm start` holds the embedded database (its lock file names the process).
  const { database, releaseLock } = await openDatabase(config);
  const outcome: InvitationOutcome = {};
  const mailer = recordingMailer(
    createMailer({
      smtpUrl: config.smtpUrl,
      mailDir: path.join(config.dataDir, 'mail'),
      from: config.mailFrom,
      log: () => {},
    }),
    options.email,
    outcome,
  );
  const baseUrl = publicBaseUrl(config);
  // Only the mail job: other work (imports, exports) stays with the portal's own workers.
  const queue = createJobQueue({
    database,
    connectionString: config.databaseUrl,
    jobs: [sendMailJob],
    deps: {
      mailer,
      log: { info: () => {}, error: () => {} },
      db: database.db,
      database,
      files: await createStorage(config),
      baseUrl,
    },
  });
  try {
    // A fresh database gets its tables first, exactly as at the portal's start.
    await runMigrations(database);
    await queue.start();
    let created: CreatedOperatorAdmin;
    try {
      created = await createOperatorAdmin({ db: database.db, queue, baseUrl }, options);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'EMAIL_IN_USE')) throw error;
      io.err(`Die E-Mail-Adresse ${options.email} wird bereits von einem Nutzer verwendet. ${NOT_CREATED}`);
      return 1;
    }
    io.out(
      created.companyCreated
        ? `Betreiber-Unternehmen „${created.companyName}“ angelegt.`
        : `Betreiber-Unternehmen „${created.companyName}“ gibt es bereits; der Administrator gehört dazu.`,
    );
    io.out(`Administrator ${created.email} angelegt.`);
    // The invitation was queued with the user; sent now, so that nobody waits for the portal's next start.
    await queue.drain();
    reportInvitation(io, config, created, baseUrl, outcome);
    if (config.demoSeed !== 'off')
      io.out(
        'Hinweis: Mit diesen Einstellungen legt npm start zusätzlich die Demodaten mit veröffentlichten Passwörtern an. ' +
          'Für den echten Betrieb setzen Sie PUBLIC_URL auf die öffentliche Adresse oder SEED_DEMO=false.',
      );
    return 0;
  } finally {
    await queue.stop();
    mailer.close();
    await database.close();
    releaseLock();
  }
}

/** Records the outcome of the mails to `address` (the invitation) while passing every mail on. */
function recordingMailer(mailer: Mailer, address: string, outcome: InvitationOutcome): Mailer {
  return {
    async send(message) {
      try {
        const sent = await mailer.send(message);
        if (message.to === address) outcome.sent = sent;
        return sent;
      } catch (error) {
        if (message.to === address) outcome.error = messagesOf(error).join(' ');
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}

function reportInvitation(
  io: CreateAdminIo,
  config: Config,
  created: CreatedOperatorAdmin,
  baseUrl: string,
  outcome: InvitationOutcome,
): void {
  const link = passwordResetLink(baseUrl, created.invitationCode);
  const printLink = () =>
    io.out(
      `Link zum Festlegen des Passworts (${INVITATION_TTL_DAYS} Tage gültig, nur einmal verwendbar):\n${link}`,
    );
  if (outcome.sent?.file) {
    io.out(`Ohne SMTP_URL liegt die Einladung als Datei vor: ${outcome.sent.file}`);
    printLink();
  } else if (outcome.sent) {
    io.out(`Die Einladung zum Festlegen des Passworts wurde an ${created.email} gesendet.`);
  } else if (outcome.error) {
    io.err(
      `Die Einladung konnte noch nicht gesendet werden (${outcome.error}). Das Portal versucht es weiter, sobald es läuft.`,
    );
    printLink();
  } else {
    // Taken by a running portal process on the same PostgreSQL database; it sends it.
    io.out(`Die Einladung an ${created.email} versendet das laufende Portal.`);
    if (!config.smtpUrl) printLink();
  }
}
