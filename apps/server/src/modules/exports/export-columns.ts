// The columns of an export file and their headers in the file's language (docs/export.md): the
// bucket's local time with the zone in the header (and, per hour, its UTC offset, which tells the
// two 02:00 of an autumn DST day apart), the area and meter when the grain has them, one column
// of use per type with its unit, the meters' registers, and the flags.
import type { Language } from '@portal/contracts/domain';
import type { ExportField, ExportResolution } from '@portal/contracts/exports';
import type { StatisticsType } from '@portal/contracts/statistics';

/** What a column holds: how the writers format it (CSV text, an XLSX cell type). */
export type ColumnKind = 'time' | 'offset' | 'text' | 'integer' | 'number' | 'flag';

export type ExportColumn = { header: string; kind: ColumnKind; width: number };

/** A type's use is energy (kWh) or water (m³); registers likewise. */
export const isWater = (type: StatisticsType) => type === 'hw' || type === 'cw';

const LABELS = {
  sv: {
    time: 'Tid',
    date: 'Datum',
    month: 'Månad',
    offset: 'UTC-förskjutning',
    area: 'Område',
    areaNumber: 'Nummer',
    meter: 'Mätar-ID',
    meterName: 'Mätarnamn',
    registerEnergy: 'Mätarställning',
    registerWater: 'Mätarställning vatten',
    estimated: 'Uppskattad',
    simulated: 'Simulerad',
    types: { heat: 'Värme', el: 'El', hw: 'Varmvatten', cw: 'Kallvatten', solar: 'Solel' },
    areaTypes: {
      apt: 'Lägenhet',
      bic: 'Cykelrum',
      ent: 'Entré',
      sop: 'Soprum',
      lau: 'Tvättstuga',
      misc: 'Övrigt',
    },
    yes: 'ja',
    no: 'nej',
  },
  en: {
    time: 'Time',
    date: 'Date',
    month: 'Month',
    offset: 'UTC offset',
    area: 'Area',
    areaNumber: 'Number',
    meter: 'Meter ID',
    meterName: 'Meter name',
    registerEnergy: 'Register',
    registerWater: 'Register water',
    estimated: 'Estimated',
    simulated: 'Simulated',
    types: { heat: 'Heat', el: 'Electricity', hw: 'Hot water', cw: 'Cold water', solar: 'Solar' },
    areaTypes: {
      apt: 'Apartment',
      bic: 'Bicycle room',
      ent: 'Entrance',
      sop: 'Garbage disposal room',
      lau: 'Laundry room',
      misc: 'Miscellaneous',
    },
    yes: 'yes',
    no: 'no',
  },
} as const;

export const exportLabels = (language: Language) => LABELS[language];

/** The file's layout: which parts it has, in order. */
export type ExportLayout = {
  resolution: ExportResolution;
  timeZone: string;
  language: Language;
  grain: 'device' | 'area' | 'total';
  fields: readonly ExportField[];
  /** The types chosen, in the contract's order. */
  types: readonly StatisticsType[];
};

/** Which registers the file has: energy (kWh) for heat and electricity, water (m³). */
export function registerKinds(layout: ExportLayout) {
  if (!layout.fields.includes('register')) return { energy: false, water: false };
  return {
    energy: layout.types.some((type) => !isWater(type)),
    water: layout.types.some(isWater),
  };
}

export function exportColumns(layout: ExportLayout): ExportColumn[] {
  const labels = exportLabels(layout.language);
  const when = { hour: labels.time, day: labels.date, month: labels.month }[layout.resolution];
  const columns: ExportColumn[] = [
    { header: `${when} (${layout.timeZone})`, kind: 'time', width: 18 },
  ];
  if (layout.resolution === 'hour')
    columns.push({ header: labels.offset, kind: 'offset', width: 10 });
  if (layout.grain !== 'total' && layout.fields.includes('area'))
    columns.push(
      { header: labels.area, kind: 'text', width: 22 },
      { header: labels.areaNumber, kind: 'integer', width: 9 },
    );
  if (layout.grain === 'device')
    columns.push(
      { header: labels.meter, kind: 'text', width: 20 },
      { header: labels.meterName, kind: 'text', width: 20 },
    );
  for (const type of layout.types)
    columns.push({
      header: `${labels.types[type]} (${isWater(type) ? 'm³' : 'kWh'})`,
      kind: 'number',
      width: 14,
    });
  const registers = registerKinds(layout);
  if (registers.energy)
    columns.push({ header: `${labels.registerEnergy} (kWh)`, kind: 'number', width: 16 });
  if (registers.water)
    columns.push({ header: `${labels.registerWater} (m³)`, kind: 'number', width: 16 });
  if (layout.fields.includes('estimated'))
    columns.push({ header: labels.estimated, kind: 'flag', width: 11 });
  if (layout.fields.includes('simulated'))
    columns.push({ header: labels.simulated, kind: 'flag', width: 11 });
  return columns;
}
