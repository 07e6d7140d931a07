/** The operator's BOM import (upload, column mapping, matched lines). */
export { BomImportPage } from './routes';
