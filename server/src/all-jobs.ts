import type { JobDefinition } from './jobs/queue';
import { sendMailJob } from './jobs/send-mail.job';
import { articleExportJob } from './modules/article';
import { articleImportJob } from './modules/article-import';

/** Every job the workers run; a new job definition is added here. */
export const ALL_JOBS: JobDefinition[] = [sendMailJob, articleExportJob, articleImportJob];
