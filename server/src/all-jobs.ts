import { articleExportJob } from './article-export.job';
import { articleImportJob } from './article-import.job';
import type { JobDefinition } from './queue';
import { sendMailJob } from './send-mail.job';

/** Every job the workers run; a new job definition is added here. */
export const ALL_JOBS: JobDefinition[] = [sendMailJob, articleExportJob, articleImportJob];
