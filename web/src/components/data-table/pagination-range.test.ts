import { describe, expect, it } from 'vitest';
import { paginationRange } from './pagination-range';

describe('paginationRange', () => {
  it('lists every page up to 6 pages', () => {
    expect(paginationRange(1, 1)).toEqual([1]);
    expect(paginationRange(2, 3)).toEqual([1, 2, 3]);
    expect(paginationRange(6, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows one page when there is nothing to page through', () => {
    expect(paginationRange(1, 0)).toEqual([1]);
  });

  it('collapses the end beyond 6 pages while on the first pages', () => {
    expect(paginationRange(1, 7)).toEqual([1, 2, 3, 4, 5, 'dots', 7]);
    expect(paginationRange(4, 20)).toEqual([1, 2, 3, 4, 5, 'dots', 20]);
  });

  it('collapses the start while on the last pages', () => {
    expect(paginationRange(17, 20)).toEqual([1, 'dots', 16, 17, 18, 19, 20]);
    expect(paginationRange(20, 20)).toEqual([1, 'dots', 16, 17, 18, 19, 20]);
  });

  it('collapses both sides in the middle and keeps the neighbours of the current page', () => {
    expect(paginationRange(5, 20)).toEqual([1, 'dots', 4, 5, 6, 'dots', 20]);
    expect(paginationRange(10, 20)).toEqual([1, 'dots', 9, 10, 11, 'dots', 20]);
  });

  it('clamps a page outside the range', () => {
    expect(paginationRange(0, 10)).toEqual([1, 2, 3, 4, 5, 'dots', 10]);
    expect(paginationRange(99, 10)).toEqual([1, 'dots', 6, 7, 8, 9, 10]);
  });

  it('always contains the current page, the first and the last page, and at most 7 entries', () => {
    for (let total = 1; total <= 40; total += 1) {
      for (let page = 1; page <= total; page += 1) {
        const items = paginationRange(page, total);
        expect(items).toContain(page);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(total);
        expect(items.length).toBeLessThanOrEqual(7);
        const numbers = items.filter((item): item is number => item !== 'dots');
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
    }
  });
});
