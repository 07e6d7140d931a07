import { describe, expect, it } from 'vitest';
import { decideDemoSeed, isLoopbackUrl, loadConfig } from './config';

describe('isLoopbackUrl', () => {
  it.each([
    ['http://localhost:3000', true],
    ['http://127.0.0.1:3000', true],
    ['http://127.12.0.9', true],
    ['http://[::1]:3000', true],
    ['https://portal.example.de', false],
    ['http://10.0.0.5:3000', false],
    ['http://localhost.example.de', false],
    ['http://127.0.0.1.nip.io', false],
    ['http://[::2]', false],
  ])('%s -> %s', (url, loopback) => {
    expect(isLoopbackUrl(url)).toBe(loopback);
  });
});

describe('decideDemoSeed (ASVS 6.3.2: demo accounts only for a local trial)', () => {
  const pg = 'postgres://portal@db.example.de/portal';
  it.each([
    // embedded database, PUBLIC_URL unset or loopback: the local trial
    [undefined, undefined, undefined, 'local'],
    [undefined, undefined, 'http://localhost:3000', 'local'],
    [undefined, undefined, 'http://127.0.0.1:8080', 'local'],
    [undefined, undefined, 'http://[::1]:3000', 'local'],
    [true, undefined, 'http://localhost:3000', 'local'],
    // a real host or PostgreSQL: none unless forced
    [undefined, undefined, 'https://portal.example.de', 'off'],
    [undefined, undefined, 'http://192.168.1.20:3000', 'off'],
    [undefined, pg, undefined, 'off'],
    [undefined, pg, 'http://localhost:3000', 'off'],
    [true, undefined, 'https://portal.example.de', 'forced'],
    [true, pg, undefined, 'forced'],
    // SEED_DEMO=false always wins
    [false, undefined, undefined, 'off'],
    [false, pg, 'https://portal.example.de', 'off'],
  ] as const)(
    'SEED_DEMO=%s DATABASE_URL=%s PUBLIC_URL=%s -> %s',
    (seedDemo, databaseUrl, publicUrl, expected) => {
      expect(decideDemoSeed({ seedDemo, databaseUrl, publicUrl })).toBe(expected);
    },
  );

  it('loadConfig reads it from the environment', () => {
    expect(loadConfig({}).demoSeed).toBe('local');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.de' }).demoSeed).toBe('off');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.de', SEED_DEMO: 'true' }).demoSeed).toBe(
      'forced',
    );
    expect(loadConfig({ SEED_DEMO: 'false' }).demoSeed).toBe('off');
  });
});

describe('METRICS_TOKEN', () => {
  it('unset: GET /metrics for this machine only; a token shorter than 16 characters stops the start', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'kurz' })).toThrow(/METRICS_TOKEN/);
  });
});
