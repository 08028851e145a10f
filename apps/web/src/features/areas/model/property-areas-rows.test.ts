// The list's rows: sorted by number then name, grouped by type with the type's total.
import { describe, expect, it } from 'vitest';
import { anArea } from '../../../test/areas';
import { groupRows, toRows } from './property-areas-rows';

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

  it('group in the types’ order, each with its type’s total however few rows have come', () => {
    const totals = { apt: 4960, bic: 0, ent: 0, sop: 0, lau: 2, misc: 1 };
    const groups = groupRows(rows, totals);
    expect(groups.map((group) => [group.type, group.total, group.rows.length])).toEqual([
      ['apt', 4960, 3],
      ['lau', 2, 2],
    ]);
  });
});
