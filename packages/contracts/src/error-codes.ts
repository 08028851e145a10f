// The stable codes of the error body (DESIGN §4.1) that clients map to translated messages. A
// domain outcome is a code with its details, never English text a client must parse
// (CONVENTIONS 5). Plain constants without zod, so the sign-in screen can know them cheaply (W7).

export const ErrorCode = {
  badRequest: 'BAD_REQUEST',
  /** The request does not fit the contract; `details.issues` names each field and rule. */
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  tokenExpired: 'TOKEN_EXPIRED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  /** SPEC §4: creating a user that exists ('Conflict, already exists.'). */
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** A multipart upload without a file in its field `file` (400). */
  fileMissing: 'FILE_MISSING',
  /** A multipart upload of more than the one file a call takes (400). */
  tooManyFiles: 'TOO_MANY_FILES',
  /** Always with `retryAfterSeconds` (and the Retry-After header). */
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',

  // Accounts
  /** Sign-in with an e-mail address and password that do not match an account (401). */
  wrongCredentials: 'WRONG_CREDENTIALS',
  /** Changing one's password with a wrong current password (400). */
  wrongPassword: 'WRONG_PASSWORD',
  /** A signup, invitation or reset link that is unknown, used or expired (400). */
  linkInvalid: 'LINK_INVALID',
  /** A new password on the list of common passwords (400). */
  passwordCommon: 'PASSWORD_COMMON',
  /** A new password of one repeated character and the like (400). */
  passwordGuessable: 'PASSWORD_GUESSABLE',
  /** A new password containing the e-mail address's local part (400). */
  passwordContainsEmail: 'PASSWORD_CONTAINS_EMAIL',
  /** Inviting someone before the site manager has an organization (400). */
  organizationRequired: 'ORGANIZATION_REQUIRED',
  /** A change that would leave an organization without a site manager (409). */
  lastSiteManager: 'LAST_SITE_MANAGER',

  // Properties and areas
  /** A property already holds `details.limit` areas, or a range would pass that (409). */
  propertyFull: 'PROPERTY_FULL',
  /** Area numbers the property already has; `details.numbers` lists them (409). */
  areaNumbersTaken: 'AREA_NUMBERS_TAKEN',

  // Devices (DESIGN §4.4)
  /** 'Missing ID' (400). */
  missingId: 'MISSING_ID',
  /** 'A gateway device must be added first' (409). */
  gatewayRequired: 'GATEWAY_REQUIRED',
  /** The id does not fit the device type and the client has not confirmed it (422). */
  idFormatMismatch: 'ID_FORMAT_MISMATCH',
  /** The device id exists in the organization already; `details` name that device and its
   * area (409). */
  deviceIdTaken: 'DEVICE_ID_TAKEN',
  /** A gateway the other devices of its area still need (409). */
  gatewayInUse: 'GATEWAY_IN_USE',
  /** A device import with lines that cannot be imported; `details.problems` names each (422). */
  importInvalid: 'IMPORT_INVALID',
  /** A door's or keypad's slot count below a slot that holds a PIN code or is still being
   * cleared on the lock; `details.slot` names the highest such slot, `details.clearing` is true
   * for one being cleared (409). */
  pinSlotsOccupied: 'PIN_SLOTS_OCCUPIED',

  // PIN codes (DESIGN §4.2, §5; docs/pin-codes.md)
  /** PIN codes on a device that has no slots: neither a door nor a keypad (409). */
  noPinSlots: 'NO_PIN_SLOTS',
  /** A slot beyond the device's slots; `details.slotCount` is how many it has (422). */
  pinSlotOutOfRange: 'PIN_SLOT_OUT_OF_RANGE',
  /** The slot holds a code already; `details.slot` names it (409). */
  pinSlotTaken: 'PIN_SLOT_TAKEN',
  /** Every slot of the device holds a code; `details.slotCount` is how many (409). */
  pinSlotsFull: 'PIN_SLOTS_FULL',
  /** Another slot of the device holds the same code; `details.slot` names it (409). */
  pinCodeDuplicate: 'PIN_CODE_DUPLICATE',
  /** A code too easy to guess; `details.reason` is 'same-digit' or 'sequence' (422). */
  pinCodeTrivial: 'PIN_CODE_TRIVIAL',

  // WiFi (DESIGN §4.4 "WiFi"; docs/wifi.md)
  /** A network's stored password does not decrypt (SECRETS_KEY changed, damaged bytes): a site
   * manager sets it again (409). */
  wifiPasswordUnreadable: 'WIFI_PASSWORD_UNREADABLE',

  // Gateways (DESIGN §4.4: `Authorization: Gateway <key>`)
  /** A gateway call without `Authorization: Gateway <key>` (401). */
  gatewayKeyMissing: 'GATEWAY_KEY_MISSING',
  /** A gateway key that is no gateway's (wrong, or renewed since) (401). */
  gatewayKeyInvalid: 'GATEWAY_KEY_INVALID',

  // Images (docs/images.md)
  /** An upload that does not decode as a JPEG, PNG, WebP or HEIC image of at most the pixel
   * limit (an SVG, a file that claims to be a photo and is not, a decompression bomb) (422). */
  imageUnreadable: 'IMAGE_UNREADABLE',
  /** The device has `details.limit` images already (409). */
  deviceImagesFull: 'DEVICE_IMAGES_FULL',
  /** Too many uploads are being read or re-encoded at once: try again after Retry-After (503). */
  imageWorkBusy: 'IMAGE_WORK_BUSY',

  // Meter replacements (DESIGN §5 "Telemetry", docs/telemetry.md)
  /** A meter replacement on a device that is no meter (heat, el, hw, cw): a gateway, door or
   * keypad (409). */
  notAMeter: 'NOT_A_METER',
  /** Readings in a unit of the other quantity: energy for a water meter, volume for a heat or
   * electricity meter (422). */
  wrongUnit: 'WRONG_UNIT',
  /** A time more than a day ahead of the server's clock, or before 2000 (422). */
  outOfRange: 'OUT_OF_RANGE',
  /** The meter has a replacement recorded at that time already (409). */
  meterReplacementExists: 'METER_REPLACEMENT_EXISTS',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** One broken rule of a request that does not fit the contract (VALIDATION_FAILED). */
export type ValidationIssue = {
  /** The field's path in the body, query or parameters, dot-separated ('' for the whole). */
  field: string;
  /** zod's issue code: 'too_small', 'too_big', 'invalid_format', 'invalid_type', … */
  rule: string;
  /** The bound of a too_small / too_big rule. */
  limit?: number;
  /** Whether `limit` itself is allowed ('at least 0') or not ('greater than 0'). */
  inclusive?: boolean;
  /** The format of an invalid_format rule: 'email', 'uuid', 'regex', … */
  format?: string;
  message: string;
};

/** What a code says beyond itself; each field belongs to the codes named beside it. */
export type ErrorDetails = {
  /** AREA_NUMBERS_TAKEN: the numbers that exist, at most 100 of them. */
  numbers?: number[];
  /** AREA_NUMBERS_TAKEN: whether more numbers exist than `numbers` lists. */
  more?: boolean;
  /** PROPERTY_FULL: the most areas a property can have; DEVICE_IMAGES_FULL: the most images a
   * device can have. */
  limit?: number;
  /** VALIDATION_FAILED: every broken rule. */
  issues?: ValidationIssue[];
  /** DEVICE_ID_TAKEN: the device that has the id, and its area. */
  deviceId?: string;
  areaId?: string;
  /** ID_FORMAT_MISMATCH: the forms the device type takes (contracts' device-ids.ts). */
  expected?: string[];
  /** IMPORT_INVALID: every line that cannot be imported, and why (contracts' devices.ts). */
  problems?: { line: number; field: string; code: string }[];
  /** PIN_SLOT_TAKEN, PIN_CODE_DUPLICATE, PIN_SLOTS_OCCUPIED: the slot concerned. */
  slot?: number;
  /** PIN_SLOTS_OCCUPIED: true when that slot's code is deleted but still being cleared on the
   * lock (wait for the gateway rather than delete it). */
  clearing?: boolean;
  /** PIN_SLOT_OUT_OF_RANGE, PIN_SLOTS_FULL: the device's number of slots. */
  slotCount?: number;
  /** PIN_CODE_TRIVIAL: 'same-digit' or 'sequence' (contracts' pin-codes.ts). */
  reason?: string;
};
