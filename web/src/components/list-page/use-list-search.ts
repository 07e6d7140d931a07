import { useDebouncedValue } from '@mantine/hooks';
import type { TableQuery, TableState } from '../data-table';

/**
 * The list query without its raw search text, and the search term to send: trimmed and debounced, so a
 * server request goes out only once typing pauses; undefined while the field is empty.
 */
export function useListSearch(
  table: TableState,
  delay = 250,
): { paging: Omit<TableQuery, 'search'>; term: string | undefined } {
  const [term] = useDebouncedValue(table.search.trim(), delay);
  const { search: _search, ...paging } = table.query;
  return { paging, term: term || undefined };
}
