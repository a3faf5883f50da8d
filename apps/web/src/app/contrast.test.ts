// Issue #19: the theme's text colours read at 4.5:1 on the page, for every palette the layout
// builder offers as primary colour.

import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, contrastResolver, readable } from './contrast';
import { theme } from './theme';

const PAGE = ['#ffffff', '#f8f9fa', '#f1f3f5'];

describe('readable colours', () => {
  it('computes WCAG ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('darkens a colour only as far as needed', () => {
    expect(readable('#0b5fa5', PAGE)).toBe('#0b5fa5');
    const orange = readable('#fd7e14', PAGE);
    expect(contrast(orange, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(orange, '#ffffff')).toBeLessThan(6);
  });

  it.each(Object.keys(DEFAULT_THEME.colors).concat('bkn'))(
    'palette %s reads as text, under white and in light badges',
    (name) => {
      const merged = mergeMantineTheme(DEFAULT_THEME, { ...theme, primaryColor: name });
      const light = contrastResolver(merged).light;
      const shades = merged.colors[name] ?? [];
      for (const background of PAGE) {
        expect(contrast(light[`--mantine-color-${name}-text`] ?? '', background)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(shades[8] ?? '', background)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(light['--mantine-color-dimmed'] ?? '', background)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(light['--mantine-color-anchor'] ?? '', background)).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(light[`--mantine-color-${name}-filled`] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
      const lightColor = light[`--mantine-color-${name}-light-color`] ?? '';
      expect(contrast(lightColor, shades[1] ?? '')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(lightColor, shades[2] ?? '')).toBeGreaterThanOrEqual(4.5);
    },
  );
});
