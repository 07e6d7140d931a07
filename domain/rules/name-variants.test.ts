import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addNameVariant,
  findDuplicateName,
  itemNames,
  likePattern,
  mergeNameVariants,
  nameKey,
  promoteNameVariant,
} from './name-variants';

const phoenix = {
  displayName: 'Phoenix Contact',
  abbreviation: 'PXC',
  nameVariants: ['Phoenix Contact GmbH'],
};

describe('nameKey', () => {
  it('ignores case, outer and repeated whitespace, also for umlauts', () => {
    expect(nameKey('  WEIDMÜLLER   Interface ')).toBe(nameKey('weidmüller interface'));
    expect(nameKey('Wago')).not.toBe(nameKey('Wagon'));
  });
});

describe('addNameVariant', () => {
  it('adds a trimmed variant', () => {
    expect(addNameVariant(phoenix, '  Phoenix ')).toEqual({
      ok: true,
      nameVariants: ['Phoenix Contact GmbH', 'Phoenix'],
    });
  });

  it('refuses names already on the item (case-insensitive) or taken by another item', () => {
    expect(addNameVariant(phoenix, 'phoenix contact')).toEqual({ ok: false, reason: 'taken' });
    expect(addNameVariant(phoenix, 'pxc')).toEqual({ ok: false, reason: 'taken' });
    expect(addNameVariant(phoenix, 'Siemens', new Set(['siemens']))).toEqual({ ok: false, reason: 'taken' });
    expect(addNameVariant(phoenix, '   ')).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('promoteNameVariant', () => {
  it('swaps the variant with the display name', () => {
    expect(promoteNameVariant(phoenix, 'phoenix contact gmbh')).toEqual({
      displayName: 'Phoenix Contact GmbH',
      abbreviation: 'PXC',
      nameVariants: ['Phoenix Contact'],
    });
  });

  it('does not repeat the old display name as a variant when it stays the abbreviation (ABB, Lapp)', () => {
    const abb = { displayName: 'ABB', abbreviation: 'ABB', nameVariants: ['ABB AG', 'Asea Brown Boveri'] };
    const promoted = promoteNameVariant(abb, 'ABB AG');
    expect(promoted).toEqual({
      displayName: 'ABB AG',
      abbreviation: 'ABB',
      nameVariants: ['Asea Brown Boveri'],
    });
    expect(findDuplicateName(promoted)).toBeNull();
    expect(new Set(itemNames(promoted).map(nameKey))).toEqual(new Set(itemNames(abb).map(nameKey)));
    const lapp = { displayName: 'Lapp', abbreviation: 'LAPP', nameVariants: ['U.I. Lapp GmbH'] };
    expect(findDuplicateName(promoteNameVariant(lapp, 'U.I. Lapp GmbH'))).toBeNull();
  });

  it('keeps every name of the item', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.string({ minLength: 1 }).filter((s) => nameKey(s) !== ''),
          {
            minLength: 2,
            maxLength: 6,
            selector: nameKey,
          },
        ),
        fc.nat(),
        (names, pick) => {
          const [displayName, ...nameVariants] = names as [string, ...string[]];
          const item = { displayName, nameVariants };
          const promoted = promoteNameVariant(item, nameVariants[pick % nameVariants.length]!);
          expect(new Set(itemNames(promoted).map(nameKey))).toEqual(new Set(itemNames(item).map(nameKey)));
        },
      ),
    );
  });
});

describe('findDuplicateName', () => {
  it('allows the abbreviation to equal the display name, nothing else twice', () => {
    expect(findDuplicateName({ displayName: 'ABB', abbreviation: 'abb', nameVariants: [] })).toBeNull();
    expect(findDuplicateName({ displayName: 'ABB', nameVariants: ['Asea', 'ASEA'] })).toBe('ASEA');
    expect(findDuplicateName({ displayName: 'ABB', nameVariants: ['abb '] })).toBe('abb');
  });
});

describe('mergeNameVariants', () => {
  it('adds display names, abbreviations and variants of the others without duplicates', () => {
    const other = { displayName: 'Phoenix', abbreviation: 'PXC', nameVariants: ['phoenix contact', 'PC'] };
    expect(mergeNameVariants(phoenix, [other])).toEqual(['Phoenix Contact GmbH', 'Phoenix', 'PC']);
  });

  it('leaves out names owned by items that stay', () => {
    expect(
      mergeNameVariants(
        { displayName: 'A', nameVariants: [] },
        [{ displayName: 'B', nameVariants: ['C'] }],
        new Set(['c']),
      ),
    ).toEqual(['B']);
  });
});

describe('likePattern', () => {
  it('escapes LIKE wildcards', () => {
    expect(likePattern(' 50%_A\\ ')).toBe('%50\\%\\_a\\\\%');
  });
});
