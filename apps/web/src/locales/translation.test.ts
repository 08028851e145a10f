// The two catalogues must offer the same texts, and the English one SPEC §2's exact labels.
import { describe, expect, it } from 'vitest';
import { resources } from '../test/catalogues';
import en from './en/translation.json';
import sv from './sv/translation.json';

type Catalogue = { [key: string]: string | Catalogue };

/** Every leaf as [dotted.key, text]. */
function entries(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : entries(value, `${prefix}${key}.`),
  );
}

const keysOf = (catalogue: Catalogue) =>
  entries(catalogue)
    .map(([key]) => key)
    .sort();

describe.each(Object.keys(resources.sv) as (keyof typeof resources.sv)[])(
  'the %s catalogue',
  (namespace) => {
    it('has exactly the same keys in Swedish and English', () => {
      expect(keysOf(resources.sv[namespace] as Catalogue)).toEqual(
        keysOf(resources.en[namespace] as Catalogue),
      );
    });

    it.each(['sv', 'en'] as const)('has no empty texts in %s', (language) => {
      const empty = entries(resources[language][namespace] as Catalogue).filter(
        ([, text]) => text.trim() === '',
      );
      expect(empty).toEqual([]);
    });
  },
);

describe('translation catalogues', () => {
  it('have exactly the same keys in Swedish and English, at every depth', () => {
    expect(keysOf(sv)).toEqual(keysOf(en));
  });

  it.each([
    ['sv', sv],
    ['en', en],
  ])('%s has no empty texts', (_language, catalogue) => {
    const empty = entries(catalogue).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('have only texts or nested groups as values', () => {
    const invalid = (catalogue: Catalogue): boolean =>
      Object.values(catalogue).some((value) =>
        typeof value === 'string'
          ? false
          : value === null || typeof value !== 'object' || invalid(value),
      );
    expect(invalid(sv)).toBe(false);
    expect(invalid(en)).toBe(false);
  });

  it("uses SPEC §2's English navigation labels", () => {
    expect(en.nav).toMatchObject({
      properties: 'Properties',
      compare: 'Compare',
      usage: 'Estimate Usage',
      export: 'Export Data',
      solar: 'Solar Panels',
      wifi: 'WiFi',
      devices: 'Devices',
      areas: 'Areas',
    });
  });

  it("uses SPEC §2's English profile menu labels and loading text", () => {
    expect(en.profileMenu.logout).toBe('Log out');
    expect(en.profileMenu.editProfile).toBe('Edit Profile');
    expect(en.common.loading).toBe('Loading...');
  });
});
