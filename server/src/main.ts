import { buildApp } from './app';
import { defaultDemoSnapshotDir, defaultWebDir, openRuntime, publicBaseUrl } from './bootstrap';
import { firstAdminBanner } from './cli/first-admin-banner';
import { loadConfig } from './config';
import { startHousekeeping } from './housekeeping';
import { startNotificationDigests } from './modules/notification';
import { startOfferExpiryReminders } from './modules/offer';
import { demoLoginBanner } from './seed/demo-logins';
import { describeStartupError } from './startup-error';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const runtime = await openRuntime(config, { demoSnapshotDir: defaultDemoSnapshotDir() });
  const app = await buildApp({
    database: runtime.database,
    auth: runtime.auth,
    webDir: defaultWebDir(),
    publicUrl: config.publicUrl,
    logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel,
    trustProxy: config.trustProxy,
    metricsToken: config.metricsToken,
    queue: runtime.queue,
    files: runtime.files,
    baseUrl: publicBaseUrl(config),
    bookingUrl: config.bookingUrl,
    docsUrl: config.docsUrl,
  });

  let stopDigests = () => {};
  let stopHousekeeping = () => {};
  let stopExpiryReminders = () => {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} empfangen, Portal wird beendet …`);
    stopDigests();
    stopHousekeeping();
    stopExpiryReminders();
    await app.close();
    await runtime.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Background jobs (mails) run in every server process; pg-boss hands each job to one of them.
  await runtime.queue.work();
  // The digest of unread notifications, looked for every minute (one process at a time).
  stopDigests = startNotificationDigests({
    db: runtime.database.db,
    queue: runtime.queue,
    baseUrl: publicBaseUrl(config),
    log: console.error,
  });
  // Suppliers told the day before their offer ends, looked for hourly (each offer once, whichever process).
  stopExpiryReminders = startOfferExpiryReminders({
    db: runtime.database.db,
    queue: runtime.queue,
    baseUrl: publicBaseUrl(config),
    log: console.error,
  });
  // What crashed saves and imports left behind, removed on start and hourly (one process sweeps at a time).
  stopHousekeeping = startHousekeeping({ database: runtime.database, files: runtime.files, log: console });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  const database =
    runtime.database.kind === 'pglite' ? `eingebettet (PGlite in ${config.dataDir}/db)` : 'PostgreSQL';
  console.log(
    `Schaltschrank-Portal läuft auf ${url} (Datenbank: ${database}, Start in ${Math.round(performance.now() - startedAt)} ms)`,
  );
  // After listening: the demo steps of a database that has its demo logins, and checking the demo
  // passwords, never delay the first page (ARCHITECTURE §7).
  await runtime.completeDemo();
  const banner = await demoLoginBanner(runtime.database.db, {
    seeded: runtime.seeded,
    demoSeed: config.demoSeed,
  });
  for (const line of banner) console.log(line);
  const embedded = runtime.database.kind === 'pglite';
  for (const line of await firstAdminBanner(runtime.database.db, { embedded })) console.log(line);
}

main().catch((error: unknown) => {
  console.error(describeStartupError(error));
  if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack);
  process.exit(1);
});
