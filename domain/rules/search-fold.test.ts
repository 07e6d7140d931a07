import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeLike, foldedContainsPattern, searchFold } from './search-fold';

describe('searchFold', () => {
  it('gives both German spellings the same key', () => {
    expect(searchFold('Schütz')).toBe(searchFold('Schuetz'));
    expect(searchFold('ÖLFLEX')).toBe(searchFold('oelflex'));
    expect(searchFold('Straße')).toBe(searchFold('strasse'));
    expect(searchFold('STRASSE')).toBe(searchFold('Straße'));
    expect(searchFold('Kabelbinder für Außenmontage')).toBe('kabelbinder fuer aussenmontage');
  });

  it('folds upper-case umlauts and the capital sharp s', () => {
    expect(searchFold('ÄÖÜẞ äöüß')).toBe('aeoeuess aeoeuess');
  });

  it('leaves other text lower-cased only', () => {
    expect(searchFold('3RT2015-1BB41 Schütz 24V_% \\')).toBe('3rt2015-1bb41 schuetz 24v_% \\');
    expect(searchFold('Éclair')).toBe('éclair');
  });

  it('keeps every substring match of the lower-cased texts', () => {
    const text = fc.stringMatching(/^[a-zA-ZäöüÄÖÜß %_-]{0,12}$/);
    fc.assert(
      fc.property(text, text, text, (before, middle, after) => {
        const whole = `${before}${middle}${after}`;
        expect(searchFold(whole).includes(searchFold(middle))).toBe(true);
      }),
    );
  });
});

describe('foldedContainsPattern', () => {
  it('folds and escapes LIKE wildcards', () => {
    expect(foldedContainsPattern('Grün_50%')).toBe('%gruen\\_50\\%%');
    expect(escapeLike('a\\b')).toBe('a\\\\b');
  });
});
