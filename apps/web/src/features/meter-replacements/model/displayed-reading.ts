// A meter's register as its display shows it (DESIGN §4.4: the screens show kWh and m³, the API
// keeps Wh and litres), and the unit a replacement's readings are typed in unless chosen.
import type { MeterType } from '@portal/contracts/device-ids';
import type { Language } from '@portal/contracts/domain';
import type { MeterReplacement } from '@portal/contracts/meter-replacements';
import { METER_QUANTITY } from '@portal/contracts/readings';
import { formatNumber } from '../../../lib/format';

/** The display unit of each of the portal's units, and how many of these one of it is. */
const DISPLAYED = {
  Wh: { symbol: 'kWh', per: 1_000 },
  l: { symbol: 'm³', per: 1_000 },
} as const satisfies Record<MeterReplacement['unit'], { symbol: string; per: number }>;

/** '12 345,678 kWh' in Swedish, '12,345.678 kWh' in English: the register to the Wh or litre. */
export function displayedReading(
  value: number,
  unit: MeterReplacement['unit'],
  language: Language,
): string {
  const { symbol, per } = DISPLAYED[unit];
  return `${formatNumber(value / per, language, { maximumFractionDigits: 3 })}\u00a0${symbol}`;
}

/** What a meter's display reads in: kWh for heat and electricity, m³ for water. */
export const displayUnitOf = (type: MeterType) =>
  METER_QUANTITY[type] === 'energy' ? ('kWh' as const) : ('m3' as const);
