/**
 * Runs one article import in a process of its own, for the test that kills a server mid-import:
 *   node --import tsx import-child.ts <postgres-url | pglite-dir> <files-dir> <run-id> [chunks | rebuild]
 * chunks: small chunks with a pause after each, and one line "batch <n> <last line>" on stdout per committed
 * chunk, so the test can SIGKILL it between (or during) chunks. rebuild: the whole file in one transaction
 * with the indexes rebuilt (PostgreSQL); "rebuilding" is printed once the rows are written and the
 * transaction then waits, so the test can SIGKILL it before the commit.
 */
import { openPglite, openPostgres } from '../../../db/client';
import { createLocalStorage } from '../../../files/local-storage';
import { runArticleImport } from '../import-runner';

const [target, filesDir, runId, mode = 'chunks'] = process.argv.slice(2);
if (!target || !filesDir || !runId) throw new Error('usage: import-child.ts <db> <files-dir> <run-id>');

const database = target.startsWith('postgres')
  ? await openPostgres(target, { max: 3 })
  : await openPglite(target);
const state = await runArticleImport(
  {
    database,
    files: createLocalStorage(filesDir),
    log: { info: () => {}, error: (line) => process.stderr.write(`${line}\n`) },
  },
  runId,
  {
    ...(mode === 'rebuild'
      ? {
          rebuildThresholdRows: 1,
          async beforeRebuild() {
            process.stdout.write('rebuilding\n');
            await new Promise((resolve) => setTimeout(resolve, 30_000));
          },
        }
      : {}),
    initialBatchRows: 500,
    chunkRows: 500,
    maxBatchRows: 500,
    targetBatchMs: 60_000,
    tickMs: 100,
    async afterBatch(batch) {
      process.stdout.write(`batch ${batch.number} ${batch.lastLine}\n`);
      await new Promise((resolve) => setTimeout(resolve, 40));
    },
  },
);
process.stdout.write(`done ${state}\n`);
await database.close();
