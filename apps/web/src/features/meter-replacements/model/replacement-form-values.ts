// The meter replacement form's values as typed (the readings as text, the time on the property's
// wall clock) and how the contract form reads them: both readings given and not negative, the time
// turned into an instant of the property's zone, and — before anything is sent — not in the
// future (an exchange is recorded after it happened) nor before 2010, when the portal keeps none.
import type { MeterType } from '@portal/contracts/device-ids';
import { READINGS_EARLIEST } from '@portal/contracts/readings';
import type { FormSettings } from '../../../lib/contract-form';
import type { FieldIssue, MessageKey } from '../../../lib/form-issues';
import { displayUnitOf } from './displayed-reading';
import { instantOfWallClock, wallClockInput } from './wall-clock';

export type ReplacementFormValues = {
  /** The property's wall clock, as the date-and-time field holds it. */
  at: string;
  oldFinal: string;
  newFirst: string;
  unit: string;
};

const EARLIEST_MS = Date.parse(READINGS_EARLIEST);

/** Why the time is refused before it is sent, as the issue's `format`. */
type TimeRule = 'future' | 'early';
const TIME_MESSAGES: Record<TimeRule, MessageKey> = {
  future: 'devices:meterReplacements.form.atFuture',
  early: 'devices:meterReplacements.form.atEarly',
};

const readingMessages = (required: MessageKey) =>
  ({
    required,
    atLeast: 'devices:meterReplacements.form.negative',
  }) satisfies Record<string, MessageKey>;

/** A new form's values: now on the property's clock, the meter's display unit. */
export function newReplacementValues(
  type: MeterType,
  timeZone: string,
  now = Date.now(),
): ReplacementFormValues {
  return {
    at: wallClockInput(now, timeZone),
    oldFinal: '',
    newFirst: '',
    unit: displayUnitOf(type),
  };
}

export function replacementFormSettings(
  timeZone: string,
  now: () => number = Date.now,
): FormSettings<ReplacementFormValues> {
  return {
    numbers: ['oldFinal', 'newFirst'],
    toInput: (input, values) => ({ ...input, at: instantOfWallClock(values.at, timeZone) }),
    rules: (values): FieldIssue[] => {
      const at = instantOfWallClock(values.at, timeZone);
      if (!at) return [];
      const ms = Date.parse(at);
      const rule: TimeRule | undefined =
        ms > now() ? 'future' : ms < EARLIEST_MS ? 'early' : undefined;
      return rule ? [{ field: 'at', rule: 'custom', format: rule }] : [];
    },
    messages: {
      at: {
        required: 'devices:meterReplacements.form.atRequired',
        format: 'devices:meterReplacements.form.atRequired',
        invalid: (issue) => ({
          key:
            TIME_MESSAGES[issue.format as TimeRule] ?? 'devices:meterReplacements.form.atRequired',
        }),
      },
      oldFinal: readingMessages('devices:meterReplacements.form.oldFinalRequired'),
      newFirst: readingMessages('devices:meterReplacements.form.newFirstRequired'),
    },
  };
}
