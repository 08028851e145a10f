// What the id field says for each type of device: which label and examples (a meter's label, a
// gateway's sticker, a lock's id), and the keyboard a phone should open for it.
import {
  isMeterType,
  METER_MEDIA,
  type MeterType,
  manufacturerToWire,
} from '@portal/contracts/device-ids';
import type { DeviceType } from '@portal/contracts/domain';

export type IdKind = 'meter' | 'gw' | 'lock';

export const idKindOf = (type: DeviceType): IdKind =>
  isMeterType(type) ? 'meter' : type === 'gw' ? 'gw' : 'lock';

const EXAMPLE_SERIAL = '12345678';
const EXAMPLE_MAKER = 'KAM';
const EXAMPLE_VERSION = '1B';

/** A meter's id written the three ways a site manager meets it, the full one with its medium. */
export const meterIdExamples = (type: MeterType) => ({
  serial: EXAMPLE_SERIAL,
  withMaker: `${EXAMPLE_MAKER}${EXAMPLE_SERIAL}`,
  wire: `${EXAMPLE_SERIAL}${manufacturerToWire(EXAMPLE_MAKER)}${EXAMPLE_VERSION}${METER_MEDIA[type][0]}`,
});

/**
 * The keyboard for the id. A meter's label mostly prints the 8-digit serial, so a phone opens its
 * number pad — one tap per digit, in a basement with gloves — and the field offers a switch to
 * the full keyboard for the maker's letters (KAM12345678) or the 16-character form. Once letters
 * are in the field (pasted, or typed after the switch) it keeps the full keyboard. Gateways' and
 * locks' ids hold letters: always the full keyboard, in capitals.
 */
export function idInputMode(type: DeviceType, typed: string, lettersChosen: boolean) {
  if (!isMeterType(type) || lettersChosen) return 'text' as const;
  return /^[\d\s]*$/.test(typed) ? ('numeric' as const) : ('text' as const);
}
