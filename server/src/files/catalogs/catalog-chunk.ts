import type { CatalogRecord, CatalogRefusal } from '@portal/domain/rules/catalog-record';

/** What a catalog reader yields: the records read, the ones it refused (with line and German reason). */
export interface CatalogChunk {
  records: CatalogRecord[];
  refusals: CatalogRefusal[];
  /** Share of the file read so far (0–1). */
  progress: number;
}
