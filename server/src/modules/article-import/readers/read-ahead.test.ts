import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead';

/** Some turns of the event loop, as when the consumer awaits the database. */
async function turns(count: number) {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe('readAhead', () => {
  it('produces up to `depth` items while the consumer waits, in order, and ends the source early', async () => {
    const produced: number[] = [];
    let ended = false;
    async function* source() {
      try {
        for (let item = 1; item <= 10; item++) {
          await turns(1);
          produced.push(item);
          yield item;
        }
      } finally {
        ended = true;
      }
    }
    const taken: number[] = [];
    for await (const item of readAhead(source(), 2)) {
      taken.push(item);
      await turns(20);
      expect(produced).toEqual(Array.from({ length: item + 2 }, (_, index) => index + 1));
      if (item === 4) break;
    }
    expect(taken).toEqual([1, 2, 3, 4]);
    expect(ended).toBe(true);
  });

  it('hands on a failure of the source where it happened', async () => {
    async function* source() {
      yield 1;
      throw new Error('kaputt');
    }
    const taken: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(source(), 2)) taken.push(item);
      })(),
    ).rejects.toThrow('kaputt');
    expect(taken).toEqual([1]);
  });
});
