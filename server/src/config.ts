import { isIPv4 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** ARCHITECTURE §4: every environment variable, parsed once. All optional; defaults give the embedded portal. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Schaltschrank-Portal <portal@localhost>'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().optional(),
  SEED_DEMO: booleanFlag.optional(),
  BOOKING_URL: z.string().url().optional(),
  DOCS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: z.string().min(32).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  METRICS_TOKEN: z.string().min(16).optional(),
});

/** `local`: a trial on this machine; `forced`: SEED_DEMO=true where it would not be seeded (logged as a warning). */
export type DemoSeed = 'off' | 'local' | 'forced';

/** localhost, 127.0.0.0/8 or [::1]: an address only this machine reaches. */
export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return isIPv4(hostname) && hostname.startsWith('127.');
}

/**
 * ASVS 6.3.2: demo accounts with a published password exist only for a local trial, i.e. on the embedded
 * database with `PUBLIC_URL` unset or a loopback address. `SEED_DEMO=false` turns them off, `SEED_DEMO=true`
 * forces them anywhere (then `forced`, unless the trial would have them anyway).
 */
export function decideDemoSeed(input: {
  seedDemo: boolean | undefined;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
}): DemoSeed {
  const localTrial = !input.databaseUrl && (!input.publicUrl || isLoopbackUrl(input.publicUrl));
  if (input.seedDemo === false) return 'off';
  if (localTrial) return 'local';
  return input.seedDemo ? 'forced' : 'off';
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3: { bucket: string; endpoint: string | undefined; region: string | undefined } | undefined;
  /** Whether demo data (with its well-known passwords) is seeded; see `decideDemoSeed`. */
  demoSeed: DemoSeed;
  bookingUrl: string | undefined;
  docsUrl: string | undefined;
  logLevel: string;
  /** Secret for signing session cookies; generated into DATA_DIR when not given. */
  authSecret: string | undefined;
  trustProxy: boolean;
  /** Bearer token for GET /metrics from other machines (README "Überwachung"). */
  metricsToken: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: e.S3_BUCKET ? { bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION } : undefined,
    demoSeed: decideDemoSeed({ seedDemo: e.SEED_DEMO, databaseUrl: e.DATABASE_URL, publicUrl: e.PUBLIC_URL }),
    bookingUrl: e.BOOKING_URL,
    docsUrl: e.DOCS_URL,
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
  };
}
