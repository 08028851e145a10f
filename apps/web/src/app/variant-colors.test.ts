// The theme's colours of the kit's 'light' variant: a shade named with its colour ('blue.9') must
// stay readable, text of the shade on a tint of it — the kit's own resolver painted both alike.
import { createTheme, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { variantColorResolver } from './providers';

const theme = mergeMantineTheme(DEFAULT_THEME, createTheme({ primaryShade: 8 }));
const resolve = (variant: string, color: string) =>
  variantColorResolver({ variant, color, theme, gradient: undefined, autoContrast: undefined });

describe('the light variant', () => {
  it.each(['blue.9', 'teal.9', 'yellow.9', 'red.9', 'blue.8'])(
    'of %s is the shade on a tint of it',
    (color) => {
      const [name, shade] = color.split('.') as [keyof typeof theme.colors, string];
      const value = theme.colors[name]?.[Number(shade)];
      const colors = resolve('light', color);
      expect(colors.color).toBe(value);
      expect(colors.background).not.toBe(value);
      expect(colors.background).toMatch(/^rgba\(.*0\.1\)$/);
    },
  );

  it('leaves a colour without a shade, and other variants, to the kit', () => {
    expect(resolve('light', 'blue').color).toBe('var(--mantine-color-blue-light-color)');
    expect(resolve('filled', 'blue.8').background).toBe('var(--mantine-color-blue-8)');
  });
});
