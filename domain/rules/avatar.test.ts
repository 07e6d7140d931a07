import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE, avatarColor, avatarInitials } from './avatar';

describe('avatarInitials', () => {
  it.each([
    ['Anna Schulz', 'AS'],
    ['anna maria schulz', 'AM'],
    ['  Jörg   Ötker ', 'JÖ'],
    ['Karl-Heinz Meyer', 'KH'],
    ['Müller', 'M'],
    ['', '?'],
    ['   ', '?'],
  ])('%j -> %s', (name, initials) => {
    expect(avatarInitials(name)).toBe(initials);
  });
});

describe('avatarColor', () => {
  it('is a palette colour and the same for the same person every time', () => {
    const first = avatarColor('9b1c7a52-0d1e-4a53-a4b8-2f6c7d9e0a11');
    expect(AVATAR_PALETTE).toContain(first);
    expect(avatarColor('9b1c7a52-0d1e-4a53-a4b8-2f6c7d9e0a11')).toBe(first);
  });

  it('spreads people over the palette', () => {
    const colours = new Set(Array.from({ length: 200 }, (_, i) => avatarColor(`user-${i}`)));
    expect(colours.size).toBe(AVATAR_PALETTE.length);
  });
});
