// Reading a device import (DESIGN §4.4 `POST /api/areas/{areaId}/devices/import`): a CSV file of
// `deviceType;idNumber;name;role`, as Swedish Excel saves it (semicolons, UTF-8 with a BOM,
// Windows line ends) or with commas. Every line is read and every problem named with its line
// and field, so a preview can mark them all at once; the devices are created all or none.
// Reading only: whether an id is taken in the organization, or a gateway is there, is the
// service's to say against the database.

import { DEVICE_NAME_MAX_LENGTH, readDeviceId } from '@portal/contracts/device-ids';
import { MAX_IMPORT_LINES } from '@portal/contracts/devices';
import {
  DEFAULT_METER_ROLE,
  type DeviceType,
  isDeviceType,
  isMeterRole,
  type MeterRole,
} from '@portal/contracts/domain';
import { parse } from 'csv-parse/sync';

// The bound is the contract's, so the import screen can name it.
export { MAX_IMPORT_LINES };

export const IMPORT_COLUMNS = ['deviceType', 'idNumber', 'name', 'role'] as const;
export type ImportField = (typeof IMPORT_COLUMNS)[number] | 'file';

/**
 * Why a line (or the file) cannot be imported; the screens translate the code.
 * - `file-empty`, `file-unreadable` (no CSV), `too-many-lines` (more than MAX_IMPORT_LINES)
 * - `type-unknown`: no device type of DESIGN §5
 * - `id-missing`, `id-too-long`, `id-mismatch` (no form of its type: an import asks no
 *   question, so such an id is added one by one, where it can be confirmed), `id-repeated` (the
 *   same device on an earlier line)
 * - `name-too-long`; `role-unknown`; `role-not-for-type` (only electricity meters have one)
 * - the service's, against the database: `id-taken` (in the organization already),
 *   `gateway-required` (the area has no gateway, and the file brings none)
 */
export type ImportProblemCode =
  | 'file-empty'
  | 'file-unreadable'
  | 'too-many-lines'
  | 'type-unknown'
  | 'id-missing'
  | 'id-too-long'
  | 'id-mismatch'
  | 'id-repeated'
  | 'name-too-long'
  | 'role-unknown'
  | 'role-not-for-type'
  // Found against the database by the service:
  | 'id-taken'
  | 'gateway-required';

/** `line` counts the file's lines from 1, the header included, as a spreadsheet shows them. */
export type ImportProblem = { line: number; field: ImportField; code: ImportProblemCode };

export type ImportedDevice = {
  line: number;
  deviceType: DeviceType;
  /** Normalised (device-ids.ts), with the key that makes it unique in the organization. */
  idNumber: string;
  idKey: string;
  name: string;
  role: MeterRole | null;
};

export type DeviceImport = { devices: ImportedDevice[]; problems: ImportProblem[] };

/** The file's separator: a semicolon if its first line has one (Swedish Excel), else a comma. */
function separatorOf(text: string): ';' | ',' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return firstLine.includes(';') ? ';' : ',';
}

/** A first line naming the columns is a header, whatever its case; anything else is a device. */
const isHeader = (cells: string[]) =>
  cells
    .slice(0, 2)
    .map((cell) => cell.toLowerCase())
    .join(',') === 'devicetype,idnumber';

type Row = { cells: string[]; line: number };

function rowsOf(text: string): Row[] | undefined {
  try {
    const records = parse(text, {
      bom: true,
      delimiter: separatorOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ cells: record, line: info.lines }));
  } catch {
    return undefined;
  }
}

/** Reads one line; its problems, or the device. */
function readLine(
  { cells, line }: Row,
  seen: Map<string, number>,
): ImportedDevice | ImportProblem[] {
  const [type = '', typedId = '', name = '', typedRole = ''] = cells;
  const problems: ImportProblem[] = [];
  const problem = (field: ImportField, code: ImportProblemCode) =>
    problems.push({ line, field, code });

  const deviceType = type.toLowerCase();
  if (!isDeviceType(deviceType)) problem('deviceType', 'type-unknown');
  const reading = isDeviceType(deviceType) ? readDeviceId(deviceType, typedId) : undefined;
  if (reading?.outcome === 'missing' || (!reading && typedId === ''))
    problem('idNumber', 'id-missing');
  if (reading?.outcome === 'too-long') problem('idNumber', 'id-too-long');
  if (reading?.outcome === 'mismatch') problem('idNumber', 'id-mismatch');
  if (reading?.outcome === 'fits' && seen.has(reading.key)) problem('idNumber', 'id-repeated');
  if (name.length > DEVICE_NAME_MAX_LENGTH) problem('name', 'name-too-long');
  const role = typedRole.toLowerCase();
  if (role !== '' && deviceType !== 'el') problem('role', 'role-not-for-type');
  else if (role !== '' && !isMeterRole(role)) problem('role', 'role-unknown');

  if (problems.length > 0 || reading?.outcome !== 'fits' || !isDeviceType(deviceType))
    return problems;
  seen.set(reading.key, line);
  return {
    line,
    deviceType,
    idNumber: reading.idNumber,
    idKey: reading.key,
    name,
    role: deviceType === 'el' ? (isMeterRole(role) ? role : DEFAULT_METER_ROLE) : null,
  };
}

/** Reads a whole import: the devices of the lines that can be imported, and every problem. */
export function readDeviceImport(text: string): DeviceImport {
  const rows = rowsOf(text);
  if (!rows)
    return { devices: [], problems: [{ line: 1, field: 'file', code: 'file-unreadable' }] };
  const lines = rows[0] && isHeader(rows[0].cells) ? rows.slice(1) : rows;
  if (lines.length === 0)
    return { devices: [], problems: [{ line: 1, field: 'file', code: 'file-empty' }] };
  if (lines.length > MAX_IMPORT_LINES) {
    const first = lines[MAX_IMPORT_LINES] as Row;
    return { devices: [], problems: [{ line: first.line, field: 'file', code: 'too-many-lines' }] };
  }
  const seen = new Map<string, number>();
  const devices: ImportedDevice[] = [];
  const problems: ImportProblem[] = [];
  for (const row of lines) {
    const read = readLine(row, seen);
    if (Array.isArray(read)) problems.push(...read);
    else devices.push(read);
  }
  return { devices, problems };
}
