// Device ids (DESIGN §5 "Devices", §4.4 readings): what a site manager types off a meter's label
// or a gateway's sticker, read into one normalised form, checked against the device's type and
// keyed for uniqueness within an organization. Plain functions without zod: the device form
// checks an id as it is typed, and the server stores what these say. Decisions: docs/devices.md.
import type { DeviceType } from './domain';

/** M-Bus media (EN 13757-3, the secondary address's last byte) each meter type accepts. */
export const METER_MEDIA = {
  el: ['02'],
  heat: ['04', '0C', '0D'],
  hw: ['06', '15'],
  cw: ['07', '16'],
} as const satisfies Record<string, readonly string[]>;

export type MeterType = keyof typeof METER_MEDIA;
export const isMeterType = (type: DeviceType): type is MeterType => type in METER_MEDIA;

/** The longest id kept at all: longer input is no id of any device. */
export const DEVICE_ID_MAX_LENGTH = 64;
/** A device's name ('Värmemätare undercentral'), as long as an area's may be. */
export const DEVICE_NAME_MAX_LENGTH = 200;

/**
 * An M-Bus secondary address as far as it was given: the 8-digit identification number, the
 * 3-letter manufacturer (FLAG code) and, from the full 16-hex form, version and medium.
 */
export type MbusAddress = {
  serial: string;
  manufacturer?: string;
  version?: string;
  medium?: string;
};

/**
 * What an id says, or why it cannot be stored:
 * - `fits`: it has the form of its type; `idNumber` is the form kept and shown, `key` what makes
 *   it the same device (unique in an organization; readings find their meter by it).
 * - `mismatch`: a form of its own that is not its type's (SPEC §5 asks whether to keep it; kept
 *   as typed, trimmed and in capitals). `expected` names the forms the type takes.
 * - `missing`: nothing but blanks ('Missing ID').
 * - `too-long`: longer than DEVICE_ID_MAX_LENGTH.
 */
export type DeviceIdReading =
  | { outcome: 'fits'; idNumber: string; key: string; mbus?: MbusAddress }
  | { outcome: 'mismatch'; idNumber: string; key: string; expected: DeviceIdForm[] }
  | { outcome: 'missing' }
  | { outcome: 'too-long' };

/** The forms an id can take, for saying which the type expects. */
export type DeviceIdForm = 'mbus-serial' | 'mbus-address' | 'mac-48' | 'eui-64' | 'label';

/** Which forms each type takes (the device form names them when an id does not fit). */
export const ID_FORMS_OF_TYPE: Record<DeviceType, DeviceIdForm[]> = {
  heat: ['mbus-serial', 'mbus-address'],
  el: ['mbus-serial', 'mbus-address'],
  hw: ['mbus-serial', 'mbus-address'],
  cw: ['mbus-serial', 'mbus-address'],
  gw: ['mac-48', 'eui-64'],
  door: ['label'],
  keypad: ['label'],
};

/** 12345678 or KAM12345678, as a label prints it. */
const SERIAL = /^(?<manufacturer>[A-Z]{3})?(?<serial>\d{8})$/;
/** The 16-hex form, as a gateway reports it: ID, manufacturer in wire order, version, medium. */
const FULL_ADDRESS =
  /^(?<serial>\d{8})(?<manufacturer>[0-9A-F]{4})(?<version>[0-9A-F]{2})(?<medium>[0-9A-F]{2})$/;
/** The portal's own form of a whole address, KAM12345678-1B-04 (formatMbusAddress). */
const WRITTEN_ADDRESS =
  /^(?<manufacturer>[A-Z]{3})(?<serial>\d{8})(?<version>[0-9A-F]{2})(?<medium>[0-9A-F]{2})$/;
const HEX = /^[0-9A-F]+$/;
const LABEL = /^[A-Z0-9-]{6,32}$/;
/** What people put between the groups of an id: spaces, colons, dashes, dots. */
const SEPARATORS = /[\s:.-]/g;

/**
 * The manufacturer's FLAG code from the two bytes of the address, in wire order (least
 * significant first, as the 16-hex form writes them: KAM is 2D2C): three letters of five bits
 * each, A = 1. Undefined for a value that is no three letters.
 */
export function manufacturerFromWire(wireHex: string): string | undefined {
  const value = Number.parseInt(wireHex.slice(2, 4) + wireHex.slice(0, 2), 16);
  const letters = [10, 5, 0].map((shift) => (value >> shift) & 0x1f);
  if (value >> 15 || letters.some((letter) => letter < 1 || letter > 26)) return undefined;
  return String.fromCharCode(...letters.map((letter) => letter + 64));
}

/** The FLAG code in wire order, as the 16-hex form writes it (KAM → 2D2C). */
export function manufacturerToWire(manufacturer: string): string {
  const value = [...manufacturer].reduce((sum, letter) => sum * 32 + letter.charCodeAt(0) - 64, 0);
  const hex = value.toString(16).toUpperCase().padStart(4, '0');
  return hex.slice(2, 4) + hex.slice(0, 2);
}

/** An M-Bus address in any of its written forms, or undefined. */
export function readMbusAddress(text: string): MbusAddress | undefined {
  const compact = text.replace(SEPARATORS, '').toUpperCase();
  const short = SERIAL.exec(compact)?.groups;
  if (short?.serial) {
    return short.manufacturer
      ? { serial: short.serial, manufacturer: short.manufacturer }
      : { serial: short.serial };
  }
  const written = WRITTEN_ADDRESS.exec(compact)?.groups;
  if (written?.serial && written.manufacturer && written.version && written.medium) {
    const { serial, manufacturer, version, medium } = written;
    return { serial, manufacturer, version, medium };
  }
  const full = FULL_ADDRESS.exec(compact)?.groups;
  if (!full?.serial || !full.manufacturer || !full.version || !full.medium) return undefined;
  const manufacturer = manufacturerFromWire(full.manufacturer);
  if (!manufacturer) return undefined;
  return { serial: full.serial, manufacturer, version: full.version, medium: full.medium };
}

/** The address as the portal writes it: KAM12345678, then version and medium where known. */
export function formatMbusAddress(address: MbusAddress): string {
  const head = `${address.manufacturer ?? ''}${address.serial}`;
  return address.version && address.medium ? `${head}-${address.version}-${address.medium}` : head;
}

/**
 * What makes two written addresses one meter: the identification number and the manufacturer
 * (8-digit serials repeat across manufacturers); version and medium do not, so a label's
 * KAM12345678 and a gateway's 123456782D2C1B04 are the same meter.
 */
export const mbusKey = (address: MbusAddress) =>
  `mbus:${address.serial}:${address.manufacturer ?? ''}`;

/** A gateway's MAC-48 or EUI-64 as six or eight colon-separated pairs of capitals, or undefined. */
export function readHardwareAddress(text: string): string | undefined {
  const compact = text.replace(SEPARATORS, '').toUpperCase();
  if (!HEX.test(compact) || (compact.length !== 12 && compact.length !== 16)) return undefined;
  return compact.match(/../g)?.join(':');
}

/**
 * Reads an id typed for a device of the type: its normalised form and key if it fits, else the
 * reason (docs/devices.md). The same function runs in the device form and on the server.
 */
export function readDeviceId(type: DeviceType, typed: string): DeviceIdReading {
  const trimmed = typed.trim();
  if (trimmed === '') return { outcome: 'missing' };
  if (trimmed.length > DEVICE_ID_MAX_LENGTH) return { outcome: 'too-long' };
  if (isMeterType(type)) {
    const address = readMbusAddress(trimmed);
    if (address) {
      const media: readonly string[] = METER_MEDIA[type];
      const idNumber = formatMbusAddress(address);
      // A medium of another type is still this meter's address: the same key, so the meter is
      // not registered twice under two types.
      if (address.medium && !media.includes(address.medium)) {
        return {
          outcome: 'mismatch',
          idNumber,
          key: mbusKey(address),
          expected: ID_FORMS_OF_TYPE[type],
        };
      }
      return { outcome: 'fits', idNumber, key: mbusKey(address), mbus: address };
    }
  } else if (type === 'gw') {
    const hardware = readHardwareAddress(trimmed);
    if (hardware) return { outcome: 'fits', idNumber: hardware, key: `hw:${hardware}` };
  } else {
    const label = trimmed.toUpperCase();
    if (LABEL.test(label)) return { outcome: 'fits', idNumber: label, key: `label:${label}` };
  }
  const kept = trimmed.toUpperCase();
  return {
    outcome: 'mismatch',
    idNumber: kept,
    key: `other:${kept.replace(/\s+/g, ' ')}`,
    expected: ID_FORMS_OF_TYPE[type],
  };
}
