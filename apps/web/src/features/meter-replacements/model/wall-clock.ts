// The time of an exchange as the people of the property read a clock (DESIGN §4.4: a property's
// times in its own time zone, wherever the reader is): the form's date-and-time field holds the
// property's wall clock, and the API takes the instant it stands for, written with its offset.
import { formatWithOffset, offsetAt } from '@portal/contracts/periods';

const DAY_MS = 86_400_000;
/** What a date-and-time field holds: 2026-08-12T14:30, seconds optional. */
const FIELD_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** The zone's wall clock at an instant, to the minute, as the field holds it. */
export function wallClockInput(ms: number, timeZone: string): string {
  return formatWithOffset(ms, timeZone).slice(0, 16);
}

/**
 * The instant a wall-clock time of the zone stands for, with the zone's offset
 * ('2026-08-12T14:30:00+02:00'); undefined for a value that is no date and time. In the hour a
 * clock skips in spring the time is read with the offset before the change (02:30 is 03:30 summer
 * time); in the hour it repeats in autumn, the first of the two.
 */
export function instantOfWallClock(value: string, timeZone: string): string | undefined {
  const text = value.trim();
  if (!FIELD_VALUE.test(text)) return undefined;
  const wanted = text.length === 16 ? `${text}:00` : text;
  const wall = Date.parse(`${wanted}Z`);
  // No such date or time (31 June, 24:10) is refused rather than read as another.
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 19) !== wanted) return undefined;
  // The zone's offsets a day either side: around a change, one of them is the one at that time.
  const candidates = [
    wall - offsetAt(wall - DAY_MS, timeZone),
    wall - offsetAt(wall + DAY_MS, timeZone),
  ].sort((a, b) => a - b);
  const fitting = candidates.find((ms) => formatWithOffset(ms, timeZone).slice(0, 19) === wanted);
  return formatWithOffset(fitting ?? wall - offsetAt(wall - DAY_MS, timeZone), timeZone);
}
