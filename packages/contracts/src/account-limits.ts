// The limits of account fields (DESIGN §4), as plain numbers: the schemas in users.ts and auth.ts
// use them, and so do the public screens' own checks, which must stay free of zod (sign-in, W7).

/** DESIGN §4 and the accounts issue: 8 to 128 characters, never truncated. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** RFC 5321's longest deliverable address. */
export const EMAIL_MAX_LENGTH = 254;
export const PERSON_NAME_MAX_LENGTH = 200;
export const PHONE_MAX_LENGTH = 40;
/** Digits, spaces, +, - and brackets: what people type into a phone field. */
export const PHONE_PATTERN = /^[+0-9 ()-]*$/;
