// What one row of an export holds before a writer formats it: text, numbers, flags, and the
// bucket's time as the property's wall clock (which CSV writes as text and XLSX as a date).
import type { Language } from '@portal/contracts/domain';

/** A bucket's start on the property's wall clock: as written in CSV, and as the milliseconds of
 * that wall-clock time read as UTC (what a spreadsheet's zoneless date holds). */
export type WallTime = { text: string; wallMs: number };

/** Text the portal writes itself (a UTC offset such as +02:00): never taken for a formula. */
export type OwnText = { text: string; wallMs?: undefined };

export type Cell = string | number | boolean | null | WallTime | OwnText;

/** Cells whose text a spreadsheet would run as a formula (=, +, -, @, and the tab and carriage
 * return some read before one) get a leading apostrophe: a name is never run (OWASP CSV
 * injection). */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Use and registers to the Wh or litre: three decimals of kWh or m³ at most. */
export const roundForExport = (value: number) => Math.round(value * 1000) / 1000;

/** A number as Swedish or English Excel reads it: no grouping, a decimal comma or point. */
export function numberText(value: number, language: Language): string {
  const text = String(roundForExport(value));
  return language === 'sv' ? text.replace('.', ',') : text;
}
