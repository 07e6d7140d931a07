import { describe, expect, it } from 'vitest';
import { isUuid, UUID_PATTERN } from './uuid';

describe('isUuid', () => {
  it('accepts a UUID of any version in either case', () => {
    expect(isUuid('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isUuid('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    expect(isUuid('01890a5d-ac96-774b-bcce-b302099a8057')).toBe(true);
  });

  it('rejects anything else', () => {
    for (const value of [
      '',
      'abc',
      '0f8fad5b-d9cb-469f-a165-70867728950',
      ' 0f8fad5b-d9cb-469f-a165-70867728950e',
    ]) {
      expect(isUuid(value)).toBe(false);
    }
  });

  it('gives the bare pattern to embed in larger ones', () => {
    expect(new RegExp(`^a/${UUID_PATTERN}/b$`).test('a/0f8fad5b-d9cb-469f-a165-70867728950e/b')).toBe(true);
  });
});
