/** The BOM tables and the estimate (SPEC §9), shared by enquiry, BOM import and offer. */
export { useAssignBomArticle } from './api/assign-bom-article';
export type { BomLinesPageOf, BomLinesQuery, BomLinesSource } from './bom-lines-source';
export { unknownManufacturersKey } from './bom-lines-source';
export { BomEstimateCard } from './components/BomEstimateCard';
export type { SaveBomLine } from './components/BomLineEditDialog';
export { BomLinesTable, type BomLinesTableProps } from './components/BomLinesTable';
export { BomLinesViews } from './components/BomLinesViews';
export {
  type BomMappingActions,
  BomMappingDrawer,
  type BomMappingSource,
} from './components/BomMappingDrawer';
export {
  BomUnknownManufacturers,
  type BomUnknownManufacturersProps,
} from './components/BomUnknownManufacturers';
export { CatalogArticlePicker } from './components/CatalogArticlePicker';
export { SummedBomTable } from './components/SummedBomTable';
export { formatEuros } from './format-euros';
