// The one kind of text the contracts accept (issue 10): what PostgreSQL can store and give back.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { text, z } from './zod';

describe('text()', () => {
  it.each([
    ['plain text', 'Brf Solrosen'],
    ['Swedish letters', 'Ängsgatan 3, Västerås'],
    ['a character beyond the basic plane (a whole surrogate pair)', 'Tvättstuga 🧺'],
    ['nothing', ''],
  ])('takes %s', (_case, value) => {
    expect(text().safeParse(value).success).toBe(true);
  });

  it.each([
    ['a NUL character', 'Brf\u0000Solrosen'],
    ['half a surrogate pair, first half', 'a\ud800b'],
    ['half a surrogate pair, second half', 'a\udc00b'],
    ['two halves in the wrong order', '\udc00\ud800'],
  ])('refuses %s as a text format the client can name', (_case, value) => {
    const result = text().safeParse(value);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'invalid_format', format: 'text' }),
    ]);
  });

  it('is checked before the field’s own rules, which still apply', () => {
    const name = text().trim().min(1).max(5);
    expect(name.safeParse('  ').error?.issues[0]?.code).toBe('too_small');
    expect(name.safeParse('toolong').error?.issues[0]?.code).toBe('too_big');
    expect(name.safeParse(' ok ').data).toBe('ok');
  });

  it('keeps zod compiling its parsers outside a browser (only a page forbids eval)', () => {
    expect(z.config().jitless).not.toBe(true);
  });
});

describe('the contracts', () => {
  it('take every string as text(), never z.string()', () => {
    const directory = path.dirname(new URL(import.meta.url).pathname);
    const offenders = readdirSync(directory)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'zod.ts')
      .filter((file) =>
        /\bz\s*\.\s*string\(/.test(readFileSync(path.join(directory, file), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});
