// The property's areas as the list shows them: labelled once, sorted by number (then name) and
// grouped by type. The API narrows by type and search and sends a page at a time, so each group
// knows its type's total from the property's counts, not from the rows it has.
import type { Area } from '@portal/contracts/areas';
import { AREA_TYPES, type AreaType, type Language } from '@portal/contracts/domain';
import { textCollator } from '../../../lib/format';

export type AreaRow = {
  area: Area;
  label: string;
  /** What the label does not say (number beside a name, floor area); may be empty. */
  detail: string;
};

export type AreaGroup = { type: AreaType; total: number; rows: AreaRow[] };

type Describe = (area: Area) => string;

export function toRows(
  areas: Area[],
  { label, detail }: { label: Describe; detail: Describe },
  language: Language,
): AreaRow[] {
  const collator = textCollator(language);
  const rows = areas.map((area) => {
    const text = label(area);
    return { area, label: text, detail: detail(area) };
  });
  // Numbered areas in number order (1001 before 1010), the rest after them by name.
  return rows.sort((a, b) => {
    const [x, y] = [a.area.number, b.area.number];
    if (x !== null && y !== null && x !== y) return x - y;
    if (x === null && y !== null) return 1;
    if (x !== null && y === null) return -1;
    return collator.compare(a.label, b.label);
  });
}

/** The groups to show, in the types' fixed order; a type with no rows shows no group. */
export function groupRows(rows: AreaRow[], totals: Record<AreaType, number>): AreaGroup[] {
  const groups = new Map<AreaType, AreaGroup>();
  for (const row of rows) {
    const areaType = row.area.areaType;
    let group = groups.get(areaType);
    if (!group) {
      group = { type: areaType, total: totals[areaType], rows: [] };
      groups.set(areaType, group);
    }
    group.rows.push(row);
  }
  return AREA_TYPES.flatMap((areaType) => groups.get(areaType) ?? []);
}
