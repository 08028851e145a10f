import { describe, expect, it } from 'vitest';
import { nextCursorIn } from './next-page';

describe('nextCursorIn', () => {
  it('reads the cursor of the next page from the Link header the API sends', () => {
    expect(nextCursorIn('</api/properties?limit=200&cursor=WyJhIl0>; rel="next"')).toBe('WyJhIl0');
  });

  it('finds rel=next among other links, unquoted too', () => {
    expect(nextCursorIn('</x?cursor=a>; rel="prev", </x?q=b&cursor=c2>; rel=next')).toBe('c2');
  });

  it('answers undefined on the last page: no header, no next link, no cursor', () => {
    expect(nextCursorIn(undefined)).toBeUndefined();
    expect(nextCursorIn('</x?cursor=a>; rel="prev"')).toBeUndefined();
    expect(nextCursorIn('</x?limit=2>; rel="next"')).toBeUndefined();
  });
});
