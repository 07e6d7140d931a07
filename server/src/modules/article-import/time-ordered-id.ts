import { randomBytes } from 'node:crypto';

/**
 * UUIDs of version 7 (RFC 9562): 48 bits of milliseconds, then a counter and random bits, so that ids
 * made one after another sort one after another. New articles of an import get such ids: they are appended
 * to the primary key's right edge instead of landing on random pages of a large index.
 */
export function timeOrderedIds(): () => string {
  let lastMs = 0;
  let counter = 0;
  let pool = randomBytes(0);
  let offset = 0;
  return () => {
    let now = Date.now();
    if (now <= lastMs) {
      counter++;
      // 12 counter bits per millisecond; beyond that the clock is borrowed from (still ordered, still unique).
      if (counter > 0xfff) {
        lastMs++;
        counter = 0;
      }
      now = lastMs;
    } else {
      lastMs = now;
      counter = 0;
    }
    if (offset + 8 > pool.length) {
      pool = randomBytes(8 * 4096);
      offset = 0;
    }
    const random = pool.subarray(offset, offset + 8);
    offset += 8;
    const time = now.toString(16).padStart(12, '0');
    const versionAndCounter = (0x7000 | counter).toString(16);
    const variant = ((random[0]! & 0x3f) | 0x80).toString(16).padStart(2, '0');
    const tail = random.subarray(1, 8).toString('hex');
    return `${time.slice(0, 8)}-${time.slice(8)}-${versionAndCounter}-${variant}${tail.slice(0, 2)}-${tail.slice(2)}`;
  };
}
