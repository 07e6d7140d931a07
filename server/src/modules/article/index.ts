/** The article module's public face: the catalogue routes, the catalogue search offers use, the export job. */

export { articleModule } from './article.module';
export { searchCatalog } from './article-catalog.service';
export { articleExportJob } from './article-export.job';
