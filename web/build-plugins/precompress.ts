import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text types worth compressing; images, fonts and archives are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt']);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;
/** Served by its own route with no-cache (SPEC §1 build date), never as a static file. */
const SKIP = new Set(['meta.json']);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside `file` where each is smaller than it. */
export async function precompressFile(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < content.length ? writeFile(`${file}.br`, br) : undefined,
    gz.length < content.length ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/** Compresses every compressible file of `dir` once, at build time; the server picks by Accept-Encoding. */
export async function precompressDir(dir: string): Promise<number> {
  const files: string[] = [];
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file)) || SKIP.has(path.basename(file))) continue;
    if ((await stat(file)).size >= MIN_BYTES) files.push(file);
  }
  await Promise.all(files.map(precompressFile));
  return files.length;
}

/**
 * ARCHITECTURE §7 (login page <= 200 KB of JavaScript): brotli and gzip copies of the built files, made once
 * here instead of on every request; @fastify/static's `preCompressed` serves them (server/src/app.ts).
 */
export function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    // The bundle and the copied public/ files are on disk by now.
    async writeBundle(options) {
      await precompressDir(options.dir ?? 'dist');
    },
  };
}
