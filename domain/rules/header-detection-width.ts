/**
 * How wide a BOM header row may be. A header row of hundreds of columns or of long texts is nearly always
 * a data row taken as header, or a file that is no BOM; its headers would be stored, shown in the mapping
 * panel and written into every line. A mapping names a column with at most 200 characters (the
 * importHeader of domain/schemas/bom.ts), so a longer header could never be mapped anyway.
 */
export const MAX_BOM_HEADER_COLUMNS = 500;
export const MAX_BOM_HEADER_LENGTH = 200;

/** Whether a header row (its non-empty header texts) is beyond MAX_BOM_HEADER_COLUMNS or MAX_BOM_HEADER_LENGTH. */
export function isBomHeaderTooWide(headers: readonly string[]): boolean {
  return (
    headers.length > MAX_BOM_HEADER_COLUMNS || headers.some((header) => header.length > MAX_BOM_HEADER_LENGTH)
  );
}
