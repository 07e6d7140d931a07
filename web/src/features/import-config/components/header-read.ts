import type {
  FieldMappingEntry,
  ImportConfigBody,
  ImportHeaderResponse,
} from '@portal/domain/schemas/import-config';

type UnitValues = Pick<ImportConfigBody, 'unitWidth' | 'unitHeight' | 'unitDepth' | 'unitWeight'>;

export interface HeaderReadValues {
  headerRowIndex: number;
  headers: string[];
  fieldMapping: FieldMappingEntry[];
  /** Only set when the units should change (a proposed header row of a new sample). */
  units: UnitValues | null;
}

/**
 * What the form takes from a header read. A proposed header row (a new sample, no row chosen)
 * brings its mapping and units as they are; a row the person chose keeps the columns already mapped that
 * the row still has and adds the proposal for fields and columns still free. Everything stays editable.
 */
export function applyHeaderRead(
  mapping: readonly FieldMappingEntry[],
  result: ImportHeaderResponse,
): HeaderReadValues {
  const { fieldMapping: proposed, ...units } = result.proposal;
  const base = { headerRowIndex: result.headerRowIndex, headers: result.headers };
  if (result.headerRowProposed) return { ...base, fieldMapping: [...proposed], units };
  const kept = mapping.filter((entry) => result.headers.includes(entry.importHeader));
  const fields = new Set(kept.map((entry) => entry.articleField));
  const columns = new Set(kept.map((entry) => entry.importHeader));
  const added = proposed.filter(
    (entry) => !fields.has(entry.articleField) && !columns.has(entry.importHeader),
  );
  return { ...base, fieldMapping: [...kept, ...added], units: null };
}
