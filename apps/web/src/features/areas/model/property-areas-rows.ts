// The property's areas as the list shows them: labelled once, sorted by number (then name),
// counted per type, and narrowed by type and by what was typed in the quick filter.
import type { Area } from '@portal/contracts/areas';
import { AREA_TYPES, type AreaType, type Language } from '@portal/contracts/domain';

export type AreaRow = {
  area: Area;
  label: string;
  /** What the label does not say (number beside a name, floor area); may be empty. */
  detail: string;
  /** Lower-case label, name and number: what the quick filter looks in. */
  searchText: string;
};

export type AreaGroup = { type: AreaType; total: number; rows: AreaRow[] };

type Describe = (area: Area) => string;

export function toRows(
  areas: Area[],
  { label, detail }: { label: Describe; detail: Describe },
  language: Language,
): AreaRow[] {
  const collator = new Intl.Collator(language, { numeric: true });
  const rows = areas.map((area) => {
    const text = label(area);
    return {
      area,
      label: text,
      detail: detail(area),
      searchText: `${text} ${area.name} ${area.number ?? ''}`.toLocaleLowerCase(language),
    };
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

export function countByType(rows: AreaRow[]) {
  const counts = Object.fromEntries(AREA_TYPES.map((type) => [type, 0])) as Record<
    AreaType,
    number
  >;
  for (const { area } of rows) counts[area.areaType] += 1;
  return counts;
}

/** The groups to show, in the types' fixed order; a type with no areas shows no group. */
export function groupRows(
  rows: AreaRow[],
  { type, query, language }: { type: AreaType | undefined; query: string; language: Language },
): AreaGroup[] {
  const wanted = query.trim().toLocaleLowerCase(language);
  const groups = new Map<AreaType, AreaGroup>();
  for (const row of rows) {
    const areaType = row.area.areaType;
    if (type && areaType !== type) continue;
    let group = groups.get(areaType);
    if (!group) {
      group = { type: areaType, total: 0, rows: [] };
      groups.set(areaType, group);
    }
    group.total += 1;
    if (wanted === '' || row.searchText.includes(wanted)) group.rows.push(row);
  }
  return AREA_TYPES.flatMap((areaType) => groups.get(areaType) ?? []);
}
