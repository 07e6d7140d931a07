import { z } from 'zod';
import { defineJob } from '../../jobs/queue';
import { runArticleImport } from './import-runner';

/**
 * SPEC §4 article import in the background. Not retried: a run that failed or whose server stopped is
 * reported failed with exactly what it committed, and the operator starts it again (matching makes a
 * second run update what the first one wrote). `phase`: `preview` reads the file and
 * waits for "Übernehmen", which queues `write`; `import` (preview=false) reads and writes at once.
 */
export const articleImportJob = defineJob({
  id: 'article-import',
  payload: z.object({ runId: z.uuid(), phase: z.enum(['import', 'preview', 'write']).default('import') }),
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  async handle({ runId, phase }, { database, files, log }) {
    await runArticleImport({ database, files, log }, runId, {}, phase);
  },
});
