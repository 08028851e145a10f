// A property's WiFi networks (DESIGN §4.4 "WiFi"): what technicians, gateways and residents join.
// Site managers add, change and delete them; every member sees them and may ask for a password.
// The password is encrypted at rest and never in a list: GET /api/wifi/{wifiId}/password answers
// it on request. The QR code's text is the de-facto standard `WIFI:` format (ZXing), which phone
// cameras join from. Decisions: docs/wifi.md.
import { text, z } from './zod';

export const WIFI_SECURITIES = ['WPA2', 'WPA3', 'WPA2/WPA3', 'open'] as const;
export type WifiSecurity = (typeof WIFI_SECURITIES)[number];

/** IEEE 802.11: an SSID is at most 32 bytes (UTF-8 here). */
export const SSID_MAX_BYTES = 32;
/** WPA passphrases are 8–63 printable ASCII characters (IEEE 802.11i); WPA3-SAE allows longer,
 * but a network that also speaks WPA2 does not, and 63 is what every router's form accepts. */
export const WIFI_PASSWORD_MIN_LENGTH = 8;
export const WIFI_PASSWORD_MAX_LENGTH = 63;
export const WIFI_NOTE_MAX_LENGTH = 500;

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

const SsidSchema = text()
  .min(1, { error: 'The network name (SSID) is required.' })
  .refine((ssid) => utf8Bytes(ssid) <= SSID_MAX_BYTES, {
    error: `The network name (SSID) must be at most ${SSID_MAX_BYTES} bytes long.`,
  });

const PasswordSchema = text().regex(/^[\x20-\x7e]*$/, {
  error: 'The password may hold only printable ASCII characters (no å, ä, ö).',
});

const fields = {
  ssid: SsidSchema,
  /** Empty for an open network; 8–63 characters otherwise. */
  password: PasswordSchema,
  security: z.enum(WIFI_SECURITIES, {
    error: `The security is one of: ${WIFI_SECURITIES.join(', ')}.`,
  }),
  /** The network does not announce its name: a phone must be told it. */
  hidden: z.boolean({ error: 'hidden is true or false.' }).default(false),
  /** Where it reaches, who it is for (“Laundry room, residents”). */
  note: text()
    .trim()
    .max(WIFI_NOTE_MAX_LENGTH, {
      error: `The note must be at most ${WIFI_NOTE_MAX_LENGTH} characters long.`,
    })
    .default(''),
};

/** The password fits the security: none for an open network, 8–63 characters otherwise. */
function passwordFitsSecurity(network: { password: string; security: WifiSecurity }) {
  if (network.security === 'open') return network.password === '';
  return (
    network.password.length >= WIFI_PASSWORD_MIN_LENGTH &&
    network.password.length <= WIFI_PASSWORD_MAX_LENGTH
  );
}

const PASSWORD_FIT = {
  error: `The password must be ${WIFI_PASSWORD_MIN_LENGTH} to ${WIFI_PASSWORD_MAX_LENGTH} characters long; an open network has none.`,
  path: ['password'],
};

/** POST /api/properties/{propertyId}/wifi: the whole network. */
export const SaveWifiSchema = z.object(fields).refine(passwordFitsSecurity, PASSWORD_FIT);
export type SaveWifi = z.input<typeof SaveWifiSchema>;

/** The rule PASSWORD_FIT names, as a 400's issue when the server alone can tell it is broken (a
 * change that keeps a password the network never had). */
export const WIFI_PASSWORD_FIT_MESSAGE = PASSWORD_FIT.error;

/**
 * PUT /api/wifi/{wifiId}: the whole network, except that an empty password for a network with a
 * security keeps the stored one, so changing the note does not ask for the password again (the
 * form never gets it back to send). A network that had none (it was open) needs one: 400.
 */
export const UpdateWifiSchema = z
  .object(fields)
  .refine(
    (network) =>
      (network.security !== 'open' && network.password === '') || passwordFitsSecurity(network),
    PASSWORD_FIT,
  );
export type UpdateWifi = z.input<typeof UpdateWifiSchema>;

/** A network as lists show it: never its password. */
export const WifiSchema = z
  .object({
    id: z.uuid(),
    propertyId: z.uuid(),
    ssid: text(),
    security: z.enum(WIFI_SECURITIES),
    hidden: z.boolean(),
    note: text(),
    /** Whether it has a password (an open network has none). */
    hasPassword: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Wifi' });
export type Wifi = z.infer<typeof WifiSchema>;

/** GET /api/wifi/{wifiId}/password. */
export const WifiPasswordSchema = z.object({ password: text() }).meta({ id: 'WifiPassword' });
export type WifiPassword = z.infer<typeof WifiPasswordSchema>;

/** `\ ; , : "` are escaped with a backslash in the `WIFI:` format. */
const escapeWifiText = (value: string) => value.replace(/([\\;,:"])/g, '\\$1');

/**
 * The `WIFI:` text a QR code carries, in the order the WPA3 specification's QR format gives:
 * `WIFI:T:WPA;R:1;S:…;H:true;P:…;;`. Every network with a password is `T:WPA` (phones use the best
 * both speak); WPA3 alone adds `R:1` (the specification's "transition disable": WPA3 only), which
 * readers that do not know it skip — Android's own `T:SAE` is not known to be read by iPhones. Open is
 * `T:nopass`, without a password.
 */
export function wifiQrText(network: {
  ssid: string;
  password: string;
  security: WifiSecurity;
  hidden: boolean;
}): string {
  const open = network.security === 'open';
  const parts = [open ? 'T:nopass' : 'T:WPA'];
  if (network.security === 'WPA3') parts.push('R:1');
  parts.push(`S:${escapeWifiText(network.ssid)}`);
  if (network.hidden) parts.push('H:true');
  if (!open) parts.push(`P:${escapeWifiText(network.password)}`);
  return `WIFI:${parts.join(';')};;`;
}
