import { describe, expect, it } from 'vitest';
import {
  formatMbusAddress,
  manufacturerFromWire,
  manufacturerToWire,
  readDeviceId,
  readMbusAddress,
} from './device-ids';

describe('M-Bus manufacturer codes', () => {
  it('read and write the FLAG code in wire order: KAM is 2D2C', () => {
    expect(manufacturerToWire('KAM')).toBe('2D2C');
    expect(manufacturerFromWire('2D2C')).toBe('KAM');
    for (const code of ['ELV', 'AXI', 'ABB', 'ZZZ', 'AAA'])
      expect(manufacturerFromWire(manufacturerToWire(code))).toBe(code);
  });

  it('refuse two bytes that are no three letters', () => {
    expect(manufacturerFromWire('0000')).toBeUndefined();
    expect(manufacturerFromWire('FFFF')).toBeUndefined();
  });
});

describe('M-Bus addresses', () => {
  it('read a label’s serial, with or without the manufacturer, whatever the spacing and case', () => {
    expect(readMbusAddress('12345678')).toEqual({ serial: '12345678' });
    expect(readMbusAddress(' kam 1234 5678 ')).toEqual({ serial: '12345678', manufacturer: 'KAM' });
    expect(readMbusAddress('KAM-12345678')).toEqual({ serial: '12345678', manufacturer: 'KAM' });
  });

  it('read the 16-hex form a gateway reports, and write it back readably, the same again', () => {
    const address = readMbusAddress('12345678 2d2c 1b 04');
    expect(address).toEqual({
      serial: '12345678',
      manufacturer: 'KAM',
      version: '1B',
      medium: '04',
    });
    const written = formatMbusAddress(address as NonNullable<typeof address>);
    expect(written).toBe('KAM12345678-1B-04');
    expect(readMbusAddress(written)).toEqual(address);
  });

  it('refuse what is no address: short, long, letters in the serial, an impossible manufacturer', () => {
    for (const text of ['1234567', '123456789', 'KA12345678', '1234567A', '123456780000FF04', ''])
      expect(readMbusAddress(text)).toBeUndefined();
  });
});

describe('readDeviceId', () => {
  it("calls nothing but blanks missing ('Missing ID'), and more than 64 characters too long", () => {
    expect(readDeviceId('heat', '   ')).toEqual({ outcome: 'missing' });
    expect(readDeviceId('door', 'x'.repeat(65))).toEqual({ outcome: 'too-long' });
  });

  it('keeps a meter’s address in one form, keyed by serial and manufacturer alone', () => {
    const label = readDeviceId('heat', 'kam12345678');
    const reported = readDeviceId('heat', '123456782D2C1B04');
    expect(label).toMatchObject({ outcome: 'fits', idNumber: 'KAM12345678' });
    expect(reported).toMatchObject({ outcome: 'fits', idNumber: 'KAM12345678-1B-04' });
    expect(reported.outcome === 'fits' && label.outcome === 'fits' && reported.key).toBe(
      label.outcome === 'fits' && label.key,
    );
    // The same serial of another manufacturer is another meter; a bare serial is its own.
    const other = readDeviceId('heat', 'ELV12345678');
    const bare = readDeviceId('heat', '12345678');
    const keys = [label, other, bare].map((reading) => reading.outcome === 'fits' && reading.key);
    expect(new Set(keys).size).toBe(3);
  });

  it.each([
    ['el', '02'],
    ['heat', '04'],
    ['heat', '0C'],
    ['heat', '0D'],
    ['hw', '06'],
    ['hw', '15'],
    ['cw', '07'],
    ['cw', '16'],
  ] as const)('lets a %s meter have the medium %s', (type, medium) => {
    expect(readDeviceId(type, `12345678${manufacturerToWire('AXI')}01${medium}`).outcome).toBe(
      'fits',
    );
  });

  it('asks about a medium of another type, keeping the address and its key', () => {
    const heatOnWater = readDeviceId('cw', '123456782D2C1B04');
    expect(heatOnWater).toMatchObject({
      outcome: 'mismatch',
      idNumber: 'KAM12345678-1B-04',
      expected: ['mbus-serial', 'mbus-address'],
    });
    const asHeat = readDeviceId('heat', '123456782D2C1B04');
    expect(heatOnWater.outcome === 'mismatch' && heatOnWater.key).toBe(
      asHeat.outcome === 'fits' && asHeat.key,
    );
  });

  it('asks about a meter id that is no address, kept as typed in capitals', () => {
    expect(readDeviceId('el', ' abc-123 ')).toMatchObject({
      outcome: 'mismatch',
      idNumber: 'ABC-123',
      key: 'other:ABC-123',
    });
  });

  it('reads a gateway’s MAC-48 or EUI-64 with any separators as colon-separated capitals', () => {
    for (const typed of [
      'aa:bb:cc:dd:ee:ff',
      'AA-BB-CC-DD-EE-FF',
      'aabb.ccdd.eeff',
      'AABBCCDDEEFF',
    ])
      expect(readDeviceId('gw', typed)).toEqual({
        outcome: 'fits',
        idNumber: 'AA:BB:CC:DD:EE:FF',
        key: 'hw:AA:BB:CC:DD:EE:FF',
      });
    expect(readDeviceId('gw', '0011223344556677')).toMatchObject({
      outcome: 'fits',
      idNumber: '00:11:22:33:44:55:66:77',
    });
    for (const typed of ['AA:BB:CC:DD:EE', 'GG:BB:CC:DD:EE:FF', 'KAM12345678'])
      expect(readDeviceId('gw', typed)).toMatchObject({
        outcome: 'mismatch',
        expected: ['mac-48', 'eui-64'],
      });
  });

  it('reads a door’s or keypad’s id of 6–32 letters, digits or dashes, in capitals', () => {
    expect(readDeviceId('door', 'lock-tvätt')).toMatchObject({ outcome: 'mismatch' });
    expect(readDeviceId('door', 'lock-1a')).toEqual({
      outcome: 'fits',
      idNumber: 'LOCK-1A',
      key: 'label:LOCK-1A',
    });
    expect(readDeviceId('keypad', 'abc12')).toMatchObject({
      outcome: 'mismatch',
      expected: ['label'],
    });
    expect(readDeviceId('keypad', 'K'.repeat(32)).outcome).toBe('fits');
    expect(readDeviceId('keypad', 'K'.repeat(33)).outcome).toBe('mismatch');
  });
});
