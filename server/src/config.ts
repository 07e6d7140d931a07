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
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3: { bucket: string; endpoint: string | undefined; region: string | undefined } | undefined;
  seedDemo: boolean;
  bookingUrl: string | undefined;
  docsUrl: string | undefined;
  logLevel: string;
  /** Secret for signing session cookies; generated into DATA_DIR when not given. */
  authSecret: string | undefined;
  trustProxy: boolean;
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
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    bookingUrl: e.BOOKING_URL,
    docsUrl: e.DOCS_URL,
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET,
    trustProxy: e.TRUST_PROXY,
  };
}
