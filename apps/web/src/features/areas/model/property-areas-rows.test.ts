// The list's rows: sorted by number then name, counted by type, narrowed by type and text.
import { describe, expect, it } from 'vitest';
import { anArea } from '../../../test/areas';
import { countByType, groupRows, toRows } from './property-areas-rows';

const label = (area: { name: string; number: number | null }) =>
  area.name || `Lägenhet ${area.number}`;
const rows = toRows(
  [
    anArea({ areaType: 'apt', number: 1010 }),
    anArea({ areaType: 'lau', name: 'Tvätt B' }),
    anArea({ areaType: 'apt', number: 1002 }),
    anArea({ areaType: 'lau', name: 'Tvätt A' }),
    anArea({ areaType: 'apt', name: 'Vinden', number: 9 }),
  ],
  { label, detail: () => '' },
  'sv',
);

describe('the rows of the area list', () => {
  it('sort numbered areas by number, then the rest by name', () => {
    expect(rows.map((row) => row.label)).toEqual([
      'Vinden',
      'Lägenhet 1002',
      'Lägenhet 1010',
      'Tvätt A',
      'Tvätt B',
    ]);
  });

  it('are counted per type, every type present', () => {
    expect(countByType(rows)).toEqual({ apt: 3, bic: 0, ent: 0, sop: 0, lau: 2, misc: 0 });
  });

  it('group in the types’ order, keeping each total while narrowed by text', () => {
    const groups = groupRows(rows, { type: undefined, query: ' 10', language: 'sv' });
    expect(groups.map((group) => [group.type, group.total, group.rows.length])).toEqual([
      ['apt', 3, 2],
      ['lau', 2, 0],
    ]);
  });

  it('find an area by its number even when it has a name', () => {
    const groups = groupRows(rows, { type: 'apt', query: '9', language: 'sv' });
    expect(groups[0]?.rows.map((row) => row.label)).toEqual(['Vinden']);
  });

  it('show only the chosen type', () => {
    const groups = groupRows(rows, { type: 'lau', query: '', language: 'sv' });
    expect(groups.map((group) => group.type)).toEqual(['lau']);
  });
});
