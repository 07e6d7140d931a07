import { describe, expect, it } from 'vitest';
import { timeOrderedIds } from './time-ordered-id';

describe('timeOrderedIds', () => {
  it('makes valid, unique version-7 UUIDs in ascending order', () => {
    const next = timeOrderedIds();
    const ids = Array.from({ length: 20_000 }, next);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('starts with the current time in milliseconds', () => {
    const before = Date.now();
    const id = timeOrderedIds()();
    const ms = Number.parseInt(id.replace('-', '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1);
  });
});
