/** Selection of the rows of one page; ids selected on other pages stay selected. */
export function toggleVisible(selected: string[], visible: string[]): string[] {
  const allSelected = visible.length > 0 && visible.every((id) => selected.includes(id));
  if (allSelected) return selected.filter((id) => !visible.includes(id));
  return [...selected, ...visible.filter((id) => !selected.includes(id))];
}

export function toggleOne(selected: string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id];
}

export type VisibleSelection = 'none' | 'some' | 'all';

export function visibleSelection(selected: string[], visible: string[]): VisibleSelection {
  const count = visible.filter((id) => selected.includes(id)).length;
  if (count === 0) return 'none';
  return count === visible.length ? 'all' : 'some';
}

/** Clicking a sortable column sorts it ascending; clicking it again flips the direction. */
export function nextSort(
  current: { column: string; descending: boolean } | undefined,
  column: string,
): { column: string; descending: boolean } {
  if (current?.column !== column) return { column, descending: false };
  return { column, descending: !current.descending };
}
