// PIN codes of doors and keypads (DESIGN §4.2, §4.4, §5), the Z-Wave User Code model: numbered
// slots, each a code of 4–10 digits, enabled or disabled, with an optional label. A code is
// write-only: no answer carries it except the gateway's fetch (ingest), which needs it for the
// lock. Rules and decisions: docs/pin-codes.md; the gateway's protocol: docs/gateway-pin-codes.md.
import { DEVICE_TYPES, PIN_CODE_STATUSES, PIN_SYNC_STATES } from './domain';
import { text, z } from './zod';

export const PIN_CODE_MIN_LENGTH = 4;
export const PIN_CODE_MAX_LENGTH = 10;
export const PIN_LABEL_MAX_LENGTH = 100;
const PIN_CODE_FORMAT = /^\d{4,10}$/;

/** Why a code is too easy to guess: one digit repeated, or a straight run up or down. */
export const PIN_TRIVIAL_REASONS = ['same-digit', 'sequence'] as const;
export type PinTrivialReason = (typeof PIN_TRIVIAL_REASONS)[number];

/**
 * Whether a code (digits only) is one an intruder tries first: all one digit ('0000', '777777')
 * or a straight run up or down, without wrapping ('1234', '0123', '4321', '9876', '345678').
 * Undefined for a code that is neither. The same check runs in the form and on the server.
 */
export function pinCodeTrivialReason(code: string): PinTrivialReason | undefined {
  if (!PIN_CODE_FORMAT.test(code)) return undefined;
  const digits = [...code].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - (digits[index] as number));
  if (steps.every((step) => step === 0)) return 'same-digit';
  if (steps.every((step) => step === 1) || steps.every((step) => step === -1)) return 'sequence';
  return undefined;
}

/** The lowest slot with nothing in it (not even a clear under way), which a new code takes
 * unless one is named; undefined when every slot is used. */
export function lowestFreeSlot(slots: { slot: number }[], slotCount: number): number | undefined {
  const used = new Set(slots.map((slot) => slot.slot));
  for (let slot = 1; slot <= slotCount; slot++) if (!used.has(slot)) return slot;
  return undefined;
}

export const PinCodeStatusSchema = z.enum(PIN_CODE_STATUSES, {
  error: `Choose one of: ${PIN_CODE_STATUSES.join(', ')}.`,
});
export const PinSyncStateSchema = z.enum(PIN_SYNC_STATES);

/** A code as sent: 4–10 digits (leading zeros kept: it is text, not a number). */
export const PinCodeValueSchema = text().regex(PIN_CODE_FORMAT, {
  error: `The code must be ${PIN_CODE_MIN_LENGTH} to ${PIN_CODE_MAX_LENGTH} digits.`,
});

const LabelSchema = text()
  .trim()
  .max(PIN_LABEL_MAX_LENGTH, {
    error: `The label must be at most ${PIN_LABEL_MAX_LENGTH} characters long.`,
  });

/** A slot as everyone of the organization reads it: never its code. */
export const PinCodeSchema = z
  .object({
    id: z.uuid(),
    deviceId: z.uuid(),
    slot: z.number().int(),
    status: PinCodeStatusSchema,
    label: text(),
    /** True while the slot is being cleared on the lock (deleted, the gateway not yet done). */
    clearing: z.boolean(),
    /** Where the slot's latest change stands on the lock. */
    sync: PinSyncStateSchema,
    /** Raised by every change sent to the lock. */
    version: z.number().int(),
    /** When the gateway last answered for this slot; null until it has. */
    syncedAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'PinCode' });
export type PinCode = z.infer<typeof PinCodeSchema>;

/** POST /api/devices/{deviceId}/pin-codes: `slot` omitted takes the lowest free one. */
export const CreatePinCodeSchema = z.object({
  slot: z
    .number({ error: 'The slot must be a whole number.' })
    .int({ error: 'The slot must be a whole number.' })
    .min(1, { error: 'The slot must be at least 1.' })
    .optional(),
  code: PinCodeValueSchema,
  status: PinCodeStatusSchema.default('enabled'),
  label: LabelSchema.default(''),
});
export type CreatePinCode = z.input<typeof CreatePinCodeSchema>;

/**
 * PUT /api/pin-codes/{pinCodeId}: what is sent changes, what is left out stays (a code is never
 * sent back, so it cannot be required). The slot stays: a code moves by delete and add.
 */
export const UpdatePinCodeSchema = z.object({
  code: PinCodeValueSchema.optional(),
  status: PinCodeStatusSchema.optional(),
  label: LabelSchema.optional(),
});
export type UpdatePinCode = z.input<typeof UpdatePinCodeSchema>;

/** GET /api/ingest/pin-codes: one change a gateway is to make on a lock. */
export const PinCodeChangeSchema = z
  .object({
    /** The slot's id, named back in the acknowledgement. */
    id: z.uuid(),
    deviceId: z.uuid(),
    /** Which lock: the door's or keypad's id number and type, as the portal shows them. */
    idNumber: text(),
    deviceType: z.enum(DEVICE_TYPES),
    slot: z.number().int(),
    /** The code to set; null: clear the slot. */
    code: text().nullable(),
    status: PinCodeStatusSchema,
    version: z.number().int(),
  })
  .meta({ id: 'PinCodeChange' });
export type PinCodeChange = z.infer<typeof PinCodeChangeSchema>;

export const PinCodeChangesSchema = z.object({ changes: z.array(PinCodeChangeSchema) });
export type PinCodeChanges = z.infer<typeof PinCodeChangesSchema>;

/** Acknowledgements in one call, at most. */
export const MAX_PIN_ACKS = 1000;

/** POST /api/ingest/pin-codes/ack. */
export const PinCodeAckSchema = z.object({
  results: z
    .array(
      z.object({
        id: z.uuid(),
        version: z.number().int(),
        result: z.enum(['applied', 'failed']),
      }),
    )
    .max(MAX_PIN_ACKS, { error: `At most ${MAX_PIN_ACKS} results in one call.` }),
});
export type PinCodeAck = z.infer<typeof PinCodeAckSchema>;

/**
 * What became of each acknowledgement: `recorded` (the slot's state is now the result; sent again
 * for the same version it stays recorded), `stale` (the slot has changed since: ignored, the newer
 * change is among the pending ones) or `unknown` (no such slot of this gateway's locks, or a
 * version never sent).
 */
export const PIN_ACK_OUTCOMES = ['recorded', 'stale', 'unknown'] as const;
export const PinCodeAckAnswerSchema = z.object({
  results: z.array(
    z.object({ id: z.uuid(), version: z.number().int(), outcome: z.enum(PIN_ACK_OUTCOMES) }),
  ),
});
export type PinCodeAckAnswer = z.infer<typeof PinCodeAckAnswerSchema>;
