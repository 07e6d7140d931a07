import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/test-app';

/**
 * A built web app as `vite build` leaves it (web/build-plugins/precompress.ts writes the .br and .gz copies):
 * a hashed script with both copies, a hashed stylesheet with gzip only, a small file without any.
 */
const script = `export const greeting = ${JSON.stringify('Guten Tag, '.repeat(400))};\n`;
const style = `.login { color: #123456; }\n`.repeat(100);
const indexHtml = `<!doctype html><html lang="de"><head><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- Schaltschrank-Portal -->'.repeat(60)}</body></html>`;
const favicon = '<svg xmlns="http://www.w3.org/2000/svg"/>';

let webDir: string;
let ctx: TestContext;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  const write = (name: string, content: string | Buffer) => writeFileSync(path.join(webDir, name), content);
  write('assets/app-Ab12Cd34.js', script);
  write('assets/app-Ab12Cd34.js.br', brotliCompressSync(script));
  write('assets/app-Ab12Cd34.js.gz', gzipSync(script));
  write('assets/app-Ef56Gh78.css', style);
  write('assets/app-Ef56Gh78.css.gz', gzipSync(style));
  write('index.html', indexHtml);
  write('index.html.br', brotliCompressSync(indexHtml));
  write('index.html.gz', gzipSync(indexHtml));
  write('favicon.svg', favicon);
  write('meta.json', JSON.stringify({ buildDate: '2026-01-02T03:04:05.000Z' }));
  ctx = await createTestApp({ webDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? headers : { 'accept-encoding': acceptEncoding, ...headers },
  });

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('hashed assets, compressed as the build prepared them', () => {
  it('sends the brotli copy to a browser that accepts br, cached for a year', async () => {
    const response = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const response = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file when no encoding is accepted, still varying on it', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'zstd']) {
      const response = await get('/assets/app-Ab12Cd34.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(script);
    }
  });

  it('falls back to the next accepted encoding the build wrote, then to the plain file', async () => {
    const gzipOnly = await get('/assets/app-Ef56Gh78.css', 'br, gzip');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gzipOnly.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(style);
    const none = await get('/favicon.svg', 'br, gzip');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(none.body).toBe(favicon);
  });

  it('answers HEAD with the headers of the chosen copy and no body', async () => {
    const response = await ctx.app.inject({
      method: 'HEAD',
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Number(response.headers['content-length'])).toBe(brotliCompressSync(script).length);
    expect(response.body).toBe('');
  });

  it('revalidates with the ETag of the copy that was sent (304), one per encoding', async () => {
    const brotli = await get('/assets/app-Ab12Cd34.js', 'br');
    const gzip = await get('/assets/app-Ab12Cd34.js', 'gzip');
    const etag = String(brotli.headers.etag);
    expect(etag).not.toBe('undefined');
    expect(gzip.headers.etag).not.toBe(etag);
    const again = await get('/assets/app-Ab12Cd34.js', 'br', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('does not serve a compressed copy under its own name', async () => {
    const response = await get('/assets/app-Ab12Cd34.js.br', 'identity');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(indexHtml);
  });
});

describe('index.html and meta.json are never cached without asking (SPEC §1 build-date reload)', () => {
  it('answers a client route with index.html, compressed when accepted, no-cache', async () => {
    const compressed = await get('/login', 'gzip, deflate, br');
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(compressed.headers['content-type']).toMatch(/^text\/html/);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(indexHtml);
    const plain = await get('/angebote/123');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
  });

  it('answers meta.json from its own route with the build date, not cached', async () => {
    const response = await get('/meta.json', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-cache');
    expect(response.json()).toEqual({ buildDate: '2026-01-02T03:04:05.000Z' });
  });
});
