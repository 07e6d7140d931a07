import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  defaultVariantColorsResolver,
  luminance,
  type MantineColorsTuple,
  parseThemeColor,
  rem,
  toRgba,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * The portal's Mantine theme. WCAG 2.2 AA asks 4.5:1 for text: Mantine's default shades put white on
 * indigo-6 (4.3:1), dimmed grey on white (3.3:1) and green/yellow/orange text on their light tints
 * (2.7–3.8:1) below it. The colours keep their hue (SPEC §4); each one's filled, light and text shade is
 * chosen here once, by measuring, so every page and every component uses the same readable values.
 */
const TEXT_CONTRAST = 4.5;
const WHITE = '#ffffff';
const BLACK = '#000000';

/** WCAG contrast ratio of two colours (relative luminance, 1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function hex(color: string): string {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** The colour at `share` opacity over white, as Mantine's light variant of a CSS colour paints it. */
function tintOverWhite(color: string, share: number): string {
  const { r, g, b } = toRgba(color);
  return hex(`rgb(${[r, g, b].map((v) => 255 + (v - 255) * share).join(', ')})`);
}

/** The colour darkened in small steps until it reaches the text contrast on `background`. */
function darkenedUntilReadable(color: string, background: string): { color: string; amount: number } {
  let amount = 0;
  let result = color;
  while (contrastRatio(result, background) < TEXT_CONTRAST && amount < 1) {
    amount = Math.round((amount + 0.02) * 100) / 100;
    result = hex(darken(color, amount));
  }
  return { color: result, amount };
}

export interface AccessibleShades {
  /** Background of filled buttons and badges. */
  filled: string;
  /** Text on `filled`: white where the colour is dark enough, else black (yellow). */
  filledText: string;
  /** Background of light variants (shade 1). */
  light: string;
  /**
   * Text on `light` and on its hover (shade 2: an active menu entry under the pointer), also the colour of
   * `c="red"` texts and outline/subtle variants on white.
   */
  lightText: string;
}

/** Darkening beyond this would turn the hue brown or olive: such colours get black text instead. */
const MAX_DARKENING = 0.2;

/** A filled background of any colour with its text: darkened a little for white text, or black text on it. */
function filledOn(color: string): { background: string; text: string } {
  if (contrastRatio(WHITE, color) >= TEXT_CONTRAST) return { background: color, text: WHITE };
  const darker = darkenedUntilReadable(color, WHITE);
  if (darker.amount <= MAX_DARKENING) return { background: darker.color, text: WHITE };
  return { background: color, text: BLACK };
}

export function accessibleShades(shades: MantineColorsTuple): AccessibleShades {
  const lightText = darkenedUntilReadable(shades[9], shades[2]).color;
  const light = shades[1];
  for (const shade of [7, 8, 9] as const) {
    if (contrastRatio(WHITE, shades[shade]) >= TEXT_CONTRAST)
      return { filled: shades[shade], filledText: WHITE, light, lightText };
  }
  const darker = filledOn(shades[9]);
  if (darker.text === WHITE) return { filled: darker.background, filledText: WHITE, light, lightText };
  return { filled: shades[6], filledText: BLACK, light, lightText };
}

/** Secondary text (`c="dimmed"`, footer version): 6.1:1 on white, 5.1:1 on gray-2. */
export const DIMMED = '#5c636a';

const SHADES: Record<string, AccessibleShades> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, tuple]) => [name, accessibleShades(tuple)]),
);
const RED = accessibleShades(DEFAULT_THEME.colors.red);
const INDIGO = accessibleShades(DEFAULT_THEME.colors.indigo);

/**
 * Filled and light variants with a given shade (`color="green.8"`) or any CSS colour get their text by
 * measuring; plain theme colours use the CSS variables set in `cssVariablesResolver`.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  if (input.variant === 'filled' && parsed.isThemeColor && parsed.shade === undefined) {
    return { ...base, color: SHADES[parsed.color]?.filledText ?? base.color };
  }
  if (input.variant === 'filled' && parsed.isThemeColor) {
    return { ...base, color: contrastRatio(WHITE, parsed.value) >= TEXT_CONTRAST ? WHITE : BLACK };
  }
  if (input.variant === 'filled' && input.color) {
    // SPEC §4 state colours are given as hex: same hue, darkened just enough for white text.
    const filled = filledOn(input.color);
    return {
      ...base,
      background: filled.background,
      hover: hex(darken(filled.background, 0.1)),
      color: filled.text,
    };
  }
  if (input.variant === 'light' && parsed.shade !== undefined && parsed.isThemeColor) {
    const shades = input.theme.colors[parsed.color] as MantineColorsTuple;
    return { ...base, color: darkenedUntilReadable(shades[9], parsed.value).color };
  }
  if (input.variant === 'light' && !parsed.isThemeColor && input.color) {
    // A light tint of an arbitrary colour: its text darkened until readable on the tint over white.
    return {
      ...base,
      color: darkenedUntilReadable(input.color, tintOverWhite(input.color, 0.1)).color,
      border: `${rem(1)} solid transparent`,
    };
  }
  return base;
};

export const theme = createTheme({
  primaryColor: 'indigo',
  // Primary-derived colours (focus ring, loaders): indigo-7 has 5.0:1 on white, indigo-6 only 4.3:1.
  primaryShade: { light: 7, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  variantColorResolver,
});

export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-placeholder': DIMMED,
    // Disabled fields stay recognisable by their grey background, their value stays readable (5.1:1).
    '--mantine-color-disabled-color': DIMMED,
    '--mantine-color-error': RED.lightText,
    // Links: indigo-9, 6.8:1 on white and still 5.3:1 on light tints.
    '--mantine-color-anchor': INDIGO.lightText,
  };
  for (const [name, shades] of Object.entries(SHADES)) {
    light[`--mantine-color-${name}-filled`] = shades.filled;
    light[`--mantine-color-${name}-filled-hover`] = hex(darken(shades.filled, 0.1));
    light[`--mantine-color-${name}-light`] = shades.light;
    light[`--mantine-color-${name}-light-color`] = shades.lightText;
    light[`--mantine-color-${name}-text`] = shades.lightText;
    light[`--mantine-color-${name}-outline`] = shades.filledText === WHITE ? shades.filled : shades.lightText;
  }
  return { variables: {}, light, dark: {} };
};
