import { readDeviceId } from '@portal/contracts/device-ids';
import type { Reading } from '@portal/contracts/readings';
import { describe, expect, it } from 'vitest';
import { checkReading, type MeterCandidate, meterLookup, pickMeter } from './reading-checks';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const reading = (changes: Partial<Reading>): Reading => ({
  meter: 'KAM12345678',
  at: '2026-11-22T10:15:00+01:00',
  value: 18234.561,
  unit: 'kWh',
  ...changes,
});

describe('checkReading', () => {
  it('normalises a good reading to Wh or litres and its instant', () => {
    expect(checkReading(reading({}), NOW)).toEqual({
      ok: true,
      atMs: Date.parse('2026-11-22T09:15:00Z'),
      value: 18_234_561,
      quantity: 'energy',
    });
    expect(
      checkReading(reading({ at: '2026-11-22T09:15:00Z', value: 412.332, unit: 'm3' }), NOW),
    ).toEqual({
      ok: true,
      atMs: Date.parse('2026-11-22T09:15:00Z'),
      value: 412_332,
      quantity: 'volume',
    });
  });

  it('takes an Elvaco’s standard time in summer as the instant it names', () => {
    const summer = checkReading(reading({ at: '2026-07-01T12:00:00+01:00' }), NOW);
    expect(summer.ok && summer.atMs).toBe(Date.parse('2026-07-01T11:00:00Z'));
  });

  it('rejects a time without an offset as NO_TIMEZONE, before anything else', () => {
    expect(checkReading(reading({ at: '2026-11-22T10:15:00' }), NOW)).toEqual({
      ok: false,
      code: 'NO_TIMEZONE',
    });
    expect(checkReading(reading({ at: '2026-11-22T10:15', value: -1 }), NOW)).toEqual({
      ok: false,
      code: 'NO_TIMEZONE',
    });
  });

  it('rejects negative, infinite and overflowing values as OUT_OF_RANGE', () => {
    for (const value of [-0.001, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(checkReading(reading({ value }), NOW)).toEqual({ ok: false, code: 'OUT_OF_RANGE' });
    expect(checkReading(reading({ value: 1e305, unit: 'MWh' }), NOW)).toEqual({
      ok: false,
      code: 'OUT_OF_RANGE',
    });
    expect(checkReading(reading({ value: 0 }), NOW).ok).toBe(true);
  });

  it('accepts up to a day ahead of now, and nothing before 2010 (a clock reset to 2000 or 1970)', () => {
    expect(checkReading(reading({ at: '2026-11-23T10:00:00Z' }), NOW).ok).toBe(true);
    expect(checkReading(reading({ at: '2026-11-23T10:00:01Z' }), NOW)).toEqual({
      ok: false,
      code: 'OUT_OF_RANGE',
    });
    for (const at of ['2009-12-31T23:59:59Z', '2000-01-01T00:15:00Z', '1970-01-01T00:05:00Z'])
      expect(checkReading(reading({ at }), NOW)).toEqual({ ok: false, code: 'OUT_OF_RANGE' });
    expect(checkReading(reading({ at: '2010-01-01T00:00:00Z' }), NOW).ok).toBe(true);
    // Late readings are fine: gateways buffer.
    expect(checkReading(reading({ at: '2025-01-01T00:00:00+01:00' }), NOW).ok).toBe(true);
  });
});

describe('finding the meter', () => {
  const keyOf = (typed: string) => {
    const read = readDeviceId('heat', typed);
    if (read.outcome !== 'fits' && read.outcome !== 'mismatch') throw new Error(typed);
    return read.key;
  };
  const kam: MeterCandidate = {
    id: '0b4f6a3e-1111-4aaa-8bbb-000000000001',
    idKey: keyOf('KAM12345678'),
  };
  const bare: MeterCandidate = {
    id: '0b4f6a3e-1111-4aaa-8bbb-000000000002',
    idKey: keyOf('66345678'),
  };
  const elv: MeterCandidate = {
    id: '0b4f6a3e-1111-4aaa-8bbb-000000000003',
    idKey: keyOf('ELV77777777'),
  };
  const odd: MeterCandidate = {
    id: '0b4f6a3e-1111-4aaa-8bbb-000000000004',
    idKey: keyOf('värme 1'),
  };
  const property = [kam, bare, elv, odd];

  it('reads every written form of an address to the key the device form stored', () => {
    for (const sent of [
      'KAM12345678',
      'kam 1234 5678',
      '123456782D2C1B04',
      '12345678-2d2c-1b-04',
      'KAM12345678-1B-04',
    ])
      expect(pickMeter(meterLookup(sent), property)).toBe(kam);
  });

  it('finds a meter by its UUID, in any case', () => {
    expect(pickMeter(meterLookup(kam.id.toUpperCase()), property)).toBe(kam);
    expect(
      pickMeter(meterLookup('0b4f6a3e-1111-4aaa-8bbb-000000000099'), property),
    ).toBeUndefined();
  });

  it('matches a bare serial and a full address to each other when one meter has the serial', () => {
    // Registered as 66345678; the gateway reports it with its manufacturer.
    expect(pickMeter(meterLookup(`66345678${'2D2C'}1B07`), property)).toBe(bare);
    // Registered with its manufacturer; the gateway sends the serial alone.
    expect(pickMeter(meterLookup('77777777'), property)).toBe(elv);
    expect(pickMeter(meterLookup('12345678'), property)).toBe(kam);
  });

  it('never takes another manufacturer’s meter of the same serial', () => {
    expect(pickMeter(meterLookup('KAM77777777'), property)).toBeUndefined();
    const twins = [
      kam,
      { id: '0b4f6a3e-1111-4aaa-8bbb-000000000005', idKey: keyOf('ELV12345678') },
    ];
    expect(pickMeter(meterLookup('12345678'), twins)).toBeUndefined();
    expect(pickMeter(meterLookup('KAM12345678'), twins)).toBe(kam);
  });

  it('finds a meter kept with an id of no meter’s form as it was typed', () => {
    expect(pickMeter(meterLookup(' Värme  1 '), property)).toBe(odd);
    expect(pickMeter(meterLookup('nothing'), property)).toBeUndefined();
  });
});
