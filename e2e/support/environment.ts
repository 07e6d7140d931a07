import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The e2e run's server: one port and one temporary DATA_DIR, chosen ONCE in Playwright's main process and
 * handed to the web server and every worker through environment variables (workers inherit the main
 * process's environment and re-read the config, so they must find the same values, never pick new ones).
 */
export const ENV_DATA_DIR = 'E2E_DATA_DIR';
export const ENV_PORT = 'E2E_PORT';

/** Variables of the shell that would point the e2e server away from its embedded, seeded set-up. */
const FOREIGN_SERVER_SETTINGS = [
  'DATABASE_URL',
  'SEED_DEMO',
  'SMTP_URL',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'PUBLIC_URL',
  'TRUST_PROXY',
];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface E2eEnvironment {
  port: number;
  dataDir: string;
  baseUrl: string;
}

/**
 * Returns the run's port and DATA_DIR. The first call (main process) creates them; when it created the
 * DATA_DIR it also removes it when the process exits, i.e. after Playwright has stopped the web server.
 * An `E2E_DATA_DIR`/`E2E_PORT` given from outside is used as is and left in place.
 */
export async function e2eEnvironment(): Promise<E2eEnvironment> {
  if (!process.env[ENV_PORT]) process.env[ENV_PORT] = String(await freePort());
  if (!process.env[ENV_DATA_DIR]) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
    process.env[ENV_DATA_DIR] = dataDir;
    process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  }
  for (const name of FOREIGN_SERVER_SETTINGS) delete process.env[name];
  const port = Number(process.env[ENV_PORT]);
  // `localhost` is the portal's default public origin (better-auth's trusted origin without PUBLIC_URL).
  return { port, dataDir: process.env[ENV_DATA_DIR]!, baseUrl: `http://localhost:${port}` };
}
