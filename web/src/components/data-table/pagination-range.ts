/** One entry of a pagination bar: a page number (1-based) or an ellipsis. */
export type PaginationItem = number | 'dots';

/** SPEC §9: every page is listed up to this many pages; beyond it the bar collapses with an ellipsis. */
export const MAX_PAGES_WITHOUT_DOTS = 6;

/**
 * The page list of a pagination bar: all pages up to 6, beyond that the first and last page, the current
 * page with its neighbours and an ellipsis for each gap (always 7 entries, so the bar does not jump).
 */
export function paginationRange(page: number, totalPages: number): PaginationItem[] {
  const total = Math.max(1, Math.floor(totalPages));
  if (total <= MAX_PAGES_WITHOUT_DOTS) return Array.from({ length: total }, (_, index) => index + 1);
  const current = Math.min(Math.max(1, Math.floor(page)), total);
  if (current <= 4) return [1, 2, 3, 4, 5, 'dots', total];
  if (current >= total - 3) return [1, 'dots', total - 4, total - 3, total - 2, total - 1, total];
  return [1, 'dots', current - 1, current, current + 1, 'dots', total];
}
