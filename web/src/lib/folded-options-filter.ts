import {
  type ComboboxItem,
  type ComboboxParsedItem,
  isOptionsGroup,
  type OptionsFilter,
} from '@mantine/core';
import { searchFold } from '@portal/domain/rules/search-fold';

/**
 * SPEC §5 search: a searchable choice list (Mantine Select) filtered as Germans type: "Schuetz" shows
 * "Schütz", "oelflex" "ÖLFLEX", and back (`searchFold`, the same folding as the server's search). Otherwise
 * Mantine's default: case-insensitive substring of the label, groups kept with their matching items, at most
 * `limit` entries.
 */
export const foldedOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const needle = searchFold(search.trim());
  const result: ComboboxParsedItem[] = [];
  for (const item of options) {
    if (result.length >= limit) break;
    if (isOptionsGroup(item)) {
      const items = foldedOptionsFilter({ options: item.items, search, limit: limit - result.length });
      result.push({
        group: item.group,
        items: items.filter((entry): entry is ComboboxItem => !isOptionsGroup(entry)),
      });
    } else if (searchFold(item.label).includes(needle)) {
      result.push(item);
    }
  }
  return result;
};
