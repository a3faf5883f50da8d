// Issue #19: every colour the kit uses for text, or under white text, reads at 4.5:1 at least
// (WCAG 1.4.3), whatever palette the layout builder picks. Mantine's light scheme puts shade 6 of
// a palette under white text and on white (green, yellow, orange, cyan… fail), shade 9 on shade 1
// in light badges (yellow and orange fail) and gray 6 for dimmed text (3.3:1). The resolver below
// keeps each palette's own hue and darkens it only as far as the ratio needs.

import type { CSSVariablesResolver, MantineTheme } from '@mantine/core';

/** WCAG 1.4.3 for normal text, with a hair of margin for anti-aliasing and rounding. */
export const MIN_CONTRAST = 4.6;

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const value = hex.replace('#', '');
  const full =
    value.length === 3
      ? value
          .split('')
          .map((c) => c + c)
          .join('')
      : value;
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (#rgb or #rrggbb). */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(parse(a)), luminance(parse(b))].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** `colour`, darkened towards black in small steps until it reads on every one of `backgrounds`. */
export function readable(colour: string, backgrounds: readonly string[], min = MIN_CONTRAST): string {
  const start = parse(colour);
  for (let step = 0; step <= 40; step += 1) {
    const candidate = toHex(start.map((c) => c * (1 - step * 0.025)) as Rgb);
    if (backgrounds.every((background) => contrast(candidate, background) >= min)) return candidate;
  }
  return '#000000';
}

const WHITE = '#ffffff';

/**
 * The palettes with their dark end (shades 7–9, what screens pick for coloured text such as
 * `teal.8` or `orange.9`) darkened until it reads on white and the layout's light grays; the
 * light end, used for backgrounds, stays as it is.
 */
export function readablePalettes<T extends Record<string, readonly string[]>>(colors: T, page: readonly string[]): T {
  const result: Record<string, readonly string[]> = {};
  for (const [name, shades] of Object.entries(colors)) {
    result[name] = shades.map((shade, index) => (index >= 7 ? readable(shade, page) : shade));
  }
  return result as T;
}

/** The light-scheme variables of one palette that carry text or sit under white text. */
function paletteVariables(name: string, shades: readonly string[], page: readonly string[]): Record<string, string> {
  const shade = (index: number) => shades[index] ?? shades[shades.length - 1] ?? '#000000';
  // Under white text (filled buttons, badges, the active menu entry) and as text on the page.
  const filled = readable(shade(6), [WHITE, ...page]);
  const filledHover = readable(shade(7), [WHITE, ...page]);
  return {
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]:
      contrast(filledHover, WHITE) > contrast(filled, WHITE) ? filledHover : filled,
    [`--mantine-color-${name}-text`]: filled,
    [`--mantine-color-${name}-outline`]: filled,
    // Light badges and alerts: shade 9 on shade 1 (and 2 when hovered).
    [`--mantine-color-${name}-light-color`]: readable(shade(9), [shade(1), shade(2)]),
  };
}

/**
 * Mantine's CSS variables, with readable colours in the light scheme: every palette of the theme,
 * dimmed and placeholder text, and links.
 */
export const contrastResolver: CSSVariablesResolver = (theme: MantineTheme) => {
  const gray = theme.colors.gray;
  // The page's backgrounds under text: white cards and the light gray of the layout and stripes.
  const page = [WHITE, gray[0], gray[1]];
  const palettes = Object.entries(theme.colors).reduce<Record<string, string>>(
    (all, [name, shades]) => Object.assign(all, paletteVariables(name, shades, page)),
    {},
  );
  const primary = theme.colors[theme.primaryColor] ?? gray;
  return {
    variables: {},
    light: {
      ...palettes,
      '--mantine-color-dimmed': readable(gray[6], page),
      '--mantine-color-placeholder': readable(gray[6], page),
      '--mantine-color-anchor': readable(primary[6], page),
    },
    dark: {},
  };
};
