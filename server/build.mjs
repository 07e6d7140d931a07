// Bundles the server (with @portal/domain inlined) into dist/main.js and dist/create-admin.js; npm dependencies
// stay external.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].flatMap(
  (name) => [name, `${name}/*`],
);

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    // The worker thread that reads large .xlsx files; files/sheets/xlsx-thread.ts starts it from next to main.js.
    'xlsx-worker': path.join(root, 'src/files/sheets/xlsx-worker.ts'),
    // The worker thread that reads and checks the rows of an article import (modules/article-import/stage-thread.ts).
    'article-import-worker': path.join(root, 'src/modules/article-import/stage-worker.ts'),
    // The thread that runs the embedded database (PGlite); db/pglite-thread.ts starts it from next to main.js.
    'pglite-worker': path.join(root, 'src/db/pglite-worker.ts'),
    // `npm run create-admin` (scripts/create-admin.mjs): the first operator administrator.
    'create-admin': path.join(root, 'src/cli/create-admin.ts'),
    // Run below: the migrated, demo-seeded embedded database the first start copies (seed/demo-snapshot.ts).
    'prepare-demo-snapshot': path.join(root, 'src/prepare-demo-snapshot.ts'),
  },
  outdir: path.join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Dynamic imports become chunks of their own, loaded when first used: the S3 storage and the AWS SDK
  // only when S3_BUCKET is set (files/index.ts). Without it the SDK's import would sit at the top of main.js.
  splitting: true,
  // Chunks sit next to main.js: code that finds files from import.meta.url (migrations, xlsx-worker.js,
  // web/dist) runs from them.
  chunkNames: '[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/db/migrations'), path.join(root, 'dist/migrations'), { recursive: true });
console.log('server/dist/main.js gebaut');

// ARCHITECTURE §7: the first `npm start` copies this instead of migrating and seeding for 9 to 27 s.
const prepared = spawnSync(
  process.execPath,
  [path.join(root, 'dist/prepare-demo-snapshot.js'), path.join(root, 'dist/demo-snapshot')],
  { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'warn' } },
);
if (prepared.status !== 0) {
  console.error('Die Demo-Datenbank konnte nicht vorbereitet werden.');
  process.exit(prepared.status ?? 1);
}
