// How much each kind of demo meter uses in a quarter of an hour, by the local time of day and the
// season (docs/demo-data.md "What the year shows"): Wh for heat and electricity, litres for water.
// Pure functions of the local clock and a random draw, so a year is computed in memory.
import { offsetAt } from '@portal/contracts/periods';

/** The use curve a meter follows, from its type, role and whether it is a main meter. */
export type MeterProfile =
  | 'heat'
  | 'solar'
  | 'buildingElectricity'
  | 'flatElectricity'
  | 'buildingWater'
  | 'flatHotWater'
  | 'flatColdWater';

export function profileOf(meter: {
  deviceType: string;
  role: string | null;
  main: boolean;
}): MeterProfile {
  if (meter.deviceType === 'heat') return 'heat';
  if (meter.deviceType === 'el') {
    if (meter.role === 'production') return 'solar';
    return meter.main ? 'buildingElectricity' : 'flatElectricity';
  }
  if (meter.main) return 'buildingWater';
  return meter.deviceType === 'hw' ? 'flatHotWater' : 'flatColdWater';
}

/** The property's wall clock at the end of a quarter hour: what the curves depend on. */
export type LocalClock = { hour: number; minute: number; dayOfYear: number; month: number };

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The local clock at each instant, in the property's time zone. The zone's offset is asked once
 * an hour (Intl is slow, and a year has 35 000 quarters); in an hour whose start and end differ
 * (a clock change, at whatever minute the zone makes it) it is asked for each instant.
 */
export function localClocks(instants: readonly number[], timeZone: string): LocalClock[] {
  const hourly = new Map<number, number>();
  const offsetAtHour = (hourMs: number) => {
    let offset = hourly.get(hourMs);
    if (offset === undefined) {
      offset = offsetAt(hourMs, timeZone);
      hourly.set(hourMs, offset);
    }
    return offset;
  };
  return instants.map((ms) => {
    const hourMs = Math.floor(ms / HOUR_MS) * HOUR_MS;
    const offset = offsetAtHour(hourMs);
    const steady = offset === offsetAtHour(hourMs + HOUR_MS);
    const wall = new Date(ms + (steady ? offset : offsetAt(ms, timeZone)));
    const year = wall.getUTCFullYear();
    const midnight = Date.UTC(year, wall.getUTCMonth(), wall.getUTCDate());
    return {
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      dayOfYear: Math.round((midnight - Date.UTC(year, 0, 1)) / DAY_MS) + 1,
      month: wall.getUTCMonth() + 1,
    };
  });
}

const between = (value: number, low: number, high: number) => value >= low && value <= high;
/** 0 … 1 over the year, 1 on the given day of the year. */
const season = (dayOfYear: number, peakDay: number) =>
  0.5 + 0.5 * Math.cos((2 * Math.PI * (dayOfYear - peakDay)) / 365);

/** A quarter hour's use of a meter following `profile`; `noise` is a uniform draw in [0, 1). */
export function quarterUse(profile: MeterProfile, clock: LocalClock, noise: number): number {
  const { hour, minute, dayOfYear, month } = clock;
  switch (profile) {
    case 'heat':
      // District heating: 12 kW all year (hot water) + up to 55 kW of heating, most in January.
      return (
        (12_000 + 55_000 * season(dayOfYear, 20)) *
        (between(hour, 6, 8) ? 1.15 : 1) *
        (0.9 + 0.2 * noise) *
        0.25
      );
    case 'solar':
      // A bell over the day, a season from March to October.
      if (!between(month, 3, 10) || !between(hour, 5, 20)) return 0;
      return Math.max(
        0,
        22_000 *
          Math.sin((Math.PI * (hour + minute / 60 - 5)) / 16) *
          Math.sin((Math.PI * (dayOfYear - 60)) / 245) *
          (0.4 + 0.6 * noise) *
          0.25,
      );
    case 'buildingElectricity':
      return (
        (5_000 + 3_000 * season(dayOfYear, 355) + (between(hour, 17, 22) ? 2_000 : 0)) *
        (0.9 + 0.2 * noise) *
        0.25
      );
    case 'flatElectricity': {
      const peak = between(hour, 17, 22) ? 500 : between(hour, 6, 8) ? 250 : 0;
      return (200 + peak + 100 * season(dayOfYear, 355)) * (0.7 + 0.6 * noise) * 0.25;
    }
    case 'buildingWater': {
      // All flats' water together: quiet at night.
      const litres = between(hour, 6, 8)
        ? 200
        : between(hour, 18, 21)
          ? 160
          : between(hour, 9, 17)
            ? 55
            : noise < 0.1
              ? 10
              : 0;
      return litres * (0.5 + noise);
    }
    case 'flatHotWater':
    case 'flatColdWater': {
      // Morning and evening peaks, now and then a glass of water at night.
      const litres = between(hour, 6, 8)
        ? 4
        : between(hour, 18, 21)
          ? 3
          : between(hour, 9, 17)
            ? 0.4
            : noise < 0.03
              ? 1 / (2 * noise + 0.01)
              : 0;
      return litres * (profile === 'flatColdWater' ? 1.4 : 1) * 2 * noise;
    }
  }
}
