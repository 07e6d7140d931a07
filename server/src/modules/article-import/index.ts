/** The article import's public face: routes and service, its background job, and the recovery of interrupted runs. */
export { articleImportJob } from './article-import.job';
export { articleImportRoutes } from './article-import.routes';
export { createArticleImportService } from './article-import.service';
export { failStaleImports, recoverInterruptedImports } from './import-recovery';
