// Bundles the server (with @portal/domain inlined) into dist/main.js and dist/create-admin.js; npm dependencies
// stay external.
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
    // The thread that runs the embedded database (PGlite); db/pglite-thread.ts starts it from next to main.js.
    'pglite-worker': path.join(root, 'src/db/pglite-worker.ts'),
    // `npm run create-admin` (scripts/create-admin.mjs): the first operator administrator.
    'create-admin': path.join(root, 'src/cli/create-admin.ts'),
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
