import { describe, expect, it } from 'vitest';
import { nextPieceSize } from './pacing';

const limits = { targetMs: 30, min: 50, max: 10_000 };

describe('nextPieceSize', () => {
  it('shrinks at once after a slow piece', () => {
    expect(nextPieceSize(1000, 120, limits)).toBe(250);
  });

  it('grows by at most half after a fast piece', () => {
    expect(nextPieceSize(1000, 1, limits)).toBe(1500);
  });

  it('keeps the size of a piece that took the target', () => {
    expect(nextPieceSize(800, 30, limits)).toBe(800);
  });

  it('stays within its limits', () => {
    expect(nextPieceSize(60, 1000, limits)).toBe(50);
    expect(nextPieceSize(9000, 1, limits)).toBe(10_000);
  });
});
