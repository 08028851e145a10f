// Every class of the scale is readable: its text colour on its background meets WCAG AA.
import { ENERGY_CLASSES } from '@portal/contracts/energy-summary';
import { describe, expect, it } from 'vitest';
import { ENERGY_CLASS_COLORS } from './energy-class-colors';

/** WCAG 2's relative luminance of a #rrggbb colour. */
function luminance(hex: string) {
  const [red = 0, green = 0, blue = 0] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

const contrast = (one: string, other: string) => {
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
};

describe('the energy class colours', () => {
  it.each(ENERGY_CLASSES)('of %s carry their text at 4.5:1 or more', (energyClass) => {
    const { background, text } = ENERGY_CLASS_COLORS[energyClass];
    expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('run from green to red', () => {
    expect(ENERGY_CLASS_COLORS.A.background).toBe('#00843d');
    expect(ENERGY_CLASS_COLORS.G.background).toBe('#c8102e');
  });
});
