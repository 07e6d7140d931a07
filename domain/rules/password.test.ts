import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem, passwordsMatch } from './password';

describe('passwordProblem (SPEC §5: min 6)', () => {
  it('is tooShort below 6 characters and fine from 6 on', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(passwordProblem('')).toBe('tooShort');
    expect(passwordProblem('12345')).toBe('tooShort');
    expect(passwordProblem('123456')).toBeNull();
    expect(passwordProblem('äöü ß!')).toBeNull();
  });

  it('is tooLong beyond the maximum', () => {
    expect(passwordProblem('x'.repeat(MAX_PASSWORD_LENGTH))).toBeNull();
    expect(passwordProblem('x'.repeat(MAX_PASSWORD_LENGTH + 1))).toBe('tooLong');
  });

  it('depends on the length only', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 250 }), (password) => {
        const expected =
          password.length < MIN_PASSWORD_LENGTH
            ? 'tooShort'
            : password.length > MAX_PASSWORD_LENGTH
              ? 'tooLong'
              : null;
        expect(passwordProblem(password)).toBe(expected);
      }),
    );
  });
});

describe('passwordsMatch', () => {
  it('needs the exact same text, spaces and case included', () => {
    expect(passwordsMatch('geheim1', 'geheim1')).toBe(true);
    expect(passwordsMatch('geheim1', 'Geheim1')).toBe(false);
    expect(passwordsMatch('geheim1 ', 'geheim1')).toBe(false);
  });

  it('is true exactly for equal strings', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(passwordsMatch(a, b)).toBe(a === b);
      }),
    );
  });
});
