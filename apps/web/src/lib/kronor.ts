// Kronor as the screens write them: costs in whole kronor (`12 345 kr` in Swedish, `12,345 kr` in
// English — the amount then 'kr', as the Swedish bills the figures are checked against, rather
// than English's `SEK 12,345`), prices per unit to the öre or finer (`1,25 kr/kWh`). A number and
// its unit are joined by a no-break space.
import type { Language } from '@portal/contracts/domain';
import { formatNumber } from './format';

/** A cost in whole kronor: '12 345 kr', '12,345 kr'. */
export function formatKronor(kronor: number, language: Language) {
  return `${formatNumber(Math.round(kronor), language, { maximumFractionDigits: 0 })}\u00a0kr`;
}

/** A price per unit, with its öre (and finer where given): '1,25 kr/kWh', '45 kr/m³'. */
export function formatPricePerUnit(kronor: number, unit: 'kWh' | 'm3', language: Language) {
  const digits = Number.isInteger(kronor) ? 0 : 2;
  const text = formatNumber(kronor, language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: 4,
  });
  return `${text}\u00a0kr/${unit === 'm3' ? 'm³' : unit}`;
}
