import { describe, expect, it } from 'vitest';
import {
  IngestReadingsSchema,
  MAX_READINGS_PER_CALL,
  normaliseValue,
  READING_REJECTION_CODES,
  unitFitsMeter,
} from './readings';

describe('units', () => {
  it('normalise to Wh and litres, exactly to the mWh', () => {
    expect(normaliseValue(18234.561, 'kWh')).toBe(18_234_561);
    expect(normaliseValue(18_234_561, 'Wh')).toBe(18_234_561);
    expect(normaliseValue(1.5, 'MWh')).toBe(1_500_000);
    expect(normaliseValue(1, 'GJ')).toBe(277_777.778);
    expect(normaliseValue(3.6, 'GJ')).toBe(1_000_000);
    expect(normaliseValue(0.123456789, 'GJ')).toBe(34_293.553);
    expect(normaliseValue(412.332, 'm3')).toBe(412_332);
    expect(normaliseValue(0.1 + 0.2, 'l')).toBe(0.3);
    expect(normaliseValue(0, 'kWh')).toBe(0);
  });

  it('keep values too large to round as computed', () => {
    expect(normaliseValue(1e20, 'Wh')).toBe(1e20);
    expect(normaliseValue(Number.POSITIVE_INFINITY, 'kWh')).toBe(Number.POSITIVE_INFINITY);
  });

  it('energy fits heat and electricity meters, volume water meters', () => {
    expect(unitFitsMeter('kWh', 'heat')).toBe(true);
    expect(unitFitsMeter('GJ', 'el')).toBe(true);
    expect(unitFitsMeter('m3', 'hw')).toBe(true);
    expect(unitFitsMeter('l', 'cw')).toBe(true);
    expect(unitFitsMeter('m3', 'heat')).toBe(false);
    expect(unitFitsMeter('kWh', 'cw')).toBe(false);
  });
});

describe('the ingest body', () => {
  const reading = { meter: 'KAM12345678', at: '2026-11-22T10:15:00+01:00', value: 1, unit: 'kWh' };

  it('takes 1–5000 readings', () => {
    expect(IngestReadingsSchema.safeParse({ readings: [reading] }).success).toBe(true);
    expect(IngestReadingsSchema.safeParse({ readings: [] }).success).toBe(false);
    const many = Array.from({ length: MAX_READINGS_PER_CALL + 1 }, () => reading);
    expect(IngestReadingsSchema.safeParse({ readings: many }).success).toBe(false);
  });

  it('lets a time without an offset and a value read as Infinity through, to be rejected by index', () => {
    const body = JSON.parse(
      '{"readings":[{"meter":"1","at":"2026-11-22T10:15:00","value":1e400,"unit":"l"}]}',
    );
    expect(IngestReadingsSchema.safeParse(body).success).toBe(true);
  });

  it('refuses what is not a reading at all', () => {
    for (const bad of [
      { ...reading, at: 'yesterday' },
      { ...reading, at: '2026-11-22 10:15:00+01:00' },
      { ...reading, value: '1' },
      { ...reading, unit: 'kwh' },
      { ...reading, meter: 12345678 },
    ])
      expect(IngestReadingsSchema.safeParse({ readings: [bad] }).success).toBe(false);
  });

  it('names the five rejection codes', () => {
    expect(READING_REJECTION_CODES).toEqual([
      'CONFLICT',
      'UNKNOWN_METER',
      'WRONG_UNIT',
      'OUT_OF_RANGE',
      'NO_TIMEZONE',
    ]);
  });
});
