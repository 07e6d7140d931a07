import path from 'node:path';
import { ENV_DATA_DIR } from './environment';

/** The DATA_DIR of the server under test (set by playwright.config.ts before the server starts). */
export function dataDir(): string {
  const dir = process.env[ENV_DATA_DIR];
  if (!dir)
    throw new Error(
      `${ENV_DATA_DIR} ist nicht gesetzt: e2e-Tests nur über e2e/playwright.config.ts starten.`,
    );
  return dir;
}

/** Where the server writes mails as `.eml` files when no SMTP_URL is configured (README, Konfiguration). */
export function mailDir(): string {
  return path.join(dataDir(), 'mail');
}
