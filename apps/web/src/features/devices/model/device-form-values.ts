// The device form's values as typed (the slot count as text) and how the contract form
// (lib/contract-form) reads them for a device of one type: only the fields the type has are sent
// (a role for an electricity meter, 'main' for meters, slots for doors and keypads, as the API
// refuses the others), and an id of nothing but blanks is 'Missing ID' before anything is sent.
import { isMeterType, readDeviceId } from '@portal/contracts/device-ids';
import {
  DEFAULT_SLOT_COUNT,
  type Device,
  MAX_SLOT_COUNT,
  MIN_SLOT_COUNT,
} from '@portal/contracts/devices';
import {
  DEFAULT_METER_ROLE,
  type DeviceType,
  hasPinSlots,
  type Language,
  type MeterRole,
} from '@portal/contracts/domain';
import type { FormSettings } from '../../../lib/contract-form';
import type { FieldMessage } from '../../../lib/form-issues';
import { formatNumberForInput } from '../../../lib/format';

export type DeviceFormValues = {
  idNumber: string;
  name: string;
  role: MeterRole;
  main: boolean;
  slotCount: string;
};

/** Every slot count refused says the whole range: a lock's manual names its number of slots. */
const SLOT_COUNT_MESSAGE: FieldMessage = {
  key: 'devices:form.slotCountInvalid',
  values: { min: MIN_SLOT_COUNT, max: MAX_SLOT_COUNT },
};

/** The fields a device of the type has besides its id and name. */
export const fieldsOf = (type: DeviceType) => ({
  role: type === 'el',
  main: isMeterType(type),
  slotCount: hasPinSlots(type),
});

export function deviceFormSettings(type: DeviceType): FormSettings<DeviceFormValues> {
  const has = fieldsOf(type);
  return {
    numbers: ['slotCount'],
    messages: {
      idNumber: { invalid: 'devices:messages.missingId' },
      slotCount: {
        notANumber: SLOT_COUNT_MESSAGE,
        notWhole: SLOT_COUNT_MESSAGE,
        atLeast: SLOT_COUNT_MESSAGE,
        atMost: SLOT_COUNT_MESSAGE,
      },
    },
    toInput: ({ role, main, slotCount, ...input }) => ({
      ...input,
      ...(has.role ? { role } : {}),
      ...(has.main ? { main } : {}),
      ...(has.slotCount ? { slotCount } : {}),
    }),
    // The contract lets a blank id through for the API to answer MISSING_ID; the form says it first.
    rules: (values) =>
      readDeviceId(type, values.idNumber).outcome === 'missing'
        ? [{ field: 'idNumber', rule: 'custom' }]
        : [],
  };
}

export const emptyDeviceForm = (language: Language): DeviceFormValues => ({
  idNumber: '',
  name: '',
  role: DEFAULT_METER_ROLE,
  main: false,
  slotCount: formatNumberForInput(DEFAULT_SLOT_COUNT, language),
});

export const deviceFormValuesOf = (device: Device, language: Language): DeviceFormValues => ({
  idNumber: device.idNumber,
  name: device.name,
  role: device.role ?? DEFAULT_METER_ROLE,
  main: device.main,
  slotCount: formatNumberForInput(device.slotCount ?? DEFAULT_SLOT_COUNT, language),
});
