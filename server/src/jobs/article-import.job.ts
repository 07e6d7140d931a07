import { z } from 'zod';
import { runArticleImport } from '../modules/article-import/import-runner';
import { defineJob } from './queue';

/**
 * SPEC §4 article import in the background. Not retried: a run that failed or whose server stopped is
 * reported failed with exactly what it committed, and the operator starts it again (matching makes a
 * second run update what the first one wrote).
 */
export const articleImportJob = defineJob({
  id: 'article-import',
  payload: z.object({ runId: z.uuid() }),
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  async handle({ runId }, { database, files, log }) {
    await runArticleImport({ database, files, log }, runId);
  },
});
