import path from 'node:path';
import { prepareDemoSnapshot } from './seed/demo-snapshot';

// `node dist/prepare-demo-snapshot.js <dir>`, run by server/build.mjs: the migrated, demo-seeded embedded
// database that the first start of an empty DATA_DIR copies (seed/demo-snapshot.ts).
const outDir = process.argv[2];
if (!outDir) {
  console.error('Aufruf: node dist/prepare-demo-snapshot.js <Zielverzeichnis>');
  process.exit(2);
}
const startedAt = performance.now();
await prepareDemoSnapshot(path.resolve(outDir));
console.log(`Demo-Datenbank vorbereitet in ${Math.round(performance.now() - startedAt)} ms`);
// Ends the process also if a driver left a handle open.
process.exit(0);
