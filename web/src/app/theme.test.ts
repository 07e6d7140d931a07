import { DEFAULT_THEME, type MantineTheme, mergeMantineTheme } from '@mantine/core';
import { AVATAR_PALETTE } from '@portal/domain/rules/avatar';
import { describe, expect, it } from 'vitest';
import { accessibleShades, contrastRatio, cssVariablesResolver, DIMMED, theme } from './theme';

const WCAG_TEXT = 4.5;
const merged: MantineTheme = mergeMantineTheme(DEFAULT_THEME, theme);

describe('theme contrast (WCAG 2.2 AA)', () => {
  it.each(Object.entries(DEFAULT_THEME.colors))('%s: filled and light variants reach 4.5:1', (_, tuple) => {
    const shades = accessibleShades(tuple);
    expect(contrastRatio(shades.filled, shades.filledText)).toBeGreaterThanOrEqual(WCAG_TEXT);
    expect(contrastRatio(shades.lightText, shades.light)).toBeGreaterThanOrEqual(WCAG_TEXT);
    expect(contrastRatio(shades.lightText, '#ffffff')).toBeGreaterThanOrEqual(WCAG_TEXT);
  });

  it('every chat avatar colour carries white initials', () => {
    for (const colour of AVATAR_PALETTE)
      expect(contrastRatio('#ffffff', colour), colour).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text is readable on white and the grey surfaces', () => {
    for (const surface of ['#ffffff', '#f8f9fa', '#f1f3f5', '#e9ecef'])
      expect(contrastRatio(DIMMED, surface)).toBeGreaterThanOrEqual(WCAG_TEXT);
  });

  it.each(['#575656', '#C5102C', '#15A34E', '#4a7bf8'])(
    'SPEC §4 state colour %s as a filled badge',
    (color) => {
      const resolved = merged.variantColorResolver({ color, theme: merged, variant: 'filled' });
      expect(contrastRatio(resolved.background, resolved.color)).toBeGreaterThanOrEqual(WCAG_TEXT);
    },
  );

  it('a light badge of a CSS colour gets readable text on its tint', () => {
    const resolved = merged.variantColorResolver({ color: '#15A34E', theme: merged, variant: 'light' });
    expect(contrastRatio(resolved.color, '#e8f6ed')).toBeGreaterThanOrEqual(WCAG_TEXT);
  });

  it('primary buttons: white on the filled indigo', () => {
    const vars = cssVariablesResolver(merged).light;
    expect(contrastRatio('#ffffff', vars['--mantine-color-indigo-filled'] as string)).toBeGreaterThanOrEqual(
      WCAG_TEXT,
    );
    expect(vars['--mantine-color-dimmed']).toBe(DIMMED);
  });
});
