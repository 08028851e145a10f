import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_LINES, readDeviceImport } from './device-import';

const BOM = '\uFEFF';

describe('reading a device import', () => {
  it("reads Swedish Excel's own export: BOM, semicolons, Windows line ends, a header", () => {
    const text = `${BOM}deviceType;idNumber;name;role\r\ngw;aa-bb-cc-dd-ee-ff;Gateway, källaren;\r\nheat;kam 1234 5678;Värme;\r\nel;ELV87654321;Solceller;production\r\n`;
    expect(readDeviceImport(text)).toEqual({
      devices: [
        {
          line: 2,
          deviceType: 'gw',
          idNumber: 'AA:BB:CC:DD:EE:FF',
          idKey: 'hw:AA:BB:CC:DD:EE:FF',
          name: 'Gateway, källaren',
          role: null,
        },
        {
          line: 3,
          deviceType: 'heat',
          idNumber: 'KAM12345678',
          idKey: 'mbus:12345678:KAM',
          name: 'Värme',
          role: null,
        },
        {
          line: 4,
          deviceType: 'el',
          idNumber: 'ELV87654321',
          idKey: 'mbus:87654321:ELV',
          name: 'Solceller',
          role: 'production',
        },
      ],
      problems: [],
    });
  });

  it('reads commas without a header, quoted fields, and gives an electricity meter its default role', () => {
    const text =
      'el,12345678,"Lgh 1001, hushåll",household\nel,22345678,Trapphus,\nHW,32345678,"""Varm"" vatten",\n';
    const { devices, problems } = readDeviceImport(text);
    expect(problems).toEqual([]);
    expect(
      devices.map(({ line, name, role, deviceType }) => ({ line, name, role, deviceType })),
    ).toEqual([
      { line: 1, name: 'Lgh 1001, hushåll', role: 'household', deviceType: 'el' },
      { line: 2, name: 'Trapphus', role: 'consumption', deviceType: 'el' },
      { line: 3, name: '"Varm" vatten', role: null, deviceType: 'hw' },
    ]);
  });

  it('names every problem with its line and field, and imports none of those lines', () => {
    const text = [
      'deviceType;idNumber;name;role',
      'gw;AABBCCDDEEFF;;',
      'pump;12345678;;',
      'heat;;;',
      'cw;123456782D2C1B04;;',
      'door;lock1;;',
      'el;12345678;;solar',
      'heat;12345678;;consumption',
      'keypad;KEYPAD-1;;',
      `hw;42345678;${'x'.repeat(201)};`,
      'gw;aa:bb:cc:dd:ee:ff;;',
    ].join('\n');
    const { devices, problems } = readDeviceImport(text);
    expect(problems).toEqual([
      { line: 3, field: 'deviceType', code: 'type-unknown' },
      { line: 4, field: 'idNumber', code: 'id-missing' },
      { line: 5, field: 'idNumber', code: 'id-mismatch' },
      { line: 6, field: 'idNumber', code: 'id-mismatch' },
      { line: 7, field: 'role', code: 'role-unknown' },
      { line: 8, field: 'role', code: 'role-not-for-type' },
      { line: 10, field: 'name', code: 'name-too-long' },
      { line: 11, field: 'idNumber', code: 'id-repeated' },
    ]);
    expect(devices.map((device) => device.line)).toEqual([2, 9]);
  });

  it(`takes ${MAX_IMPORT_LINES} lines, and refuses one more as a whole`, () => {
    const lines = (count: number) =>
      Array.from({ length: count }, (_, index) => `hw;${String(10_000_000 + index)};;`).join(
        '\r\n',
      );
    const full = readDeviceImport(`deviceType;idNumber;name;role\r\n${lines(MAX_IMPORT_LINES)}`);
    expect(full.problems).toEqual([]);
    expect(full.devices).toHaveLength(MAX_IMPORT_LINES);
    expect(full.devices.at(-1)?.line).toBe(MAX_IMPORT_LINES + 1);
    expect(readDeviceImport(lines(MAX_IMPORT_LINES + 1))).toEqual({
      devices: [],
      problems: [{ line: MAX_IMPORT_LINES + 1, field: 'file', code: 'too-many-lines' }],
    });
  });

  it('says a file with nothing to import is empty, and one that is no CSV is unreadable', () => {
    for (const text of ['', `${BOM}\r\n\r\n`, 'deviceType;idNumber;name;role\r\n'])
      expect(readDeviceImport(text).problems).toEqual([
        { line: 1, field: 'file', code: 'file-empty' },
      ]);
    expect(readDeviceImport('gw;"AABBCCDDEEFF;;\n').problems).toEqual([
      { line: 1, field: 'file', code: 'file-unreadable' },
    ]);
  });
});
