// The WiFi form's values as typed and how the contract form reads them (lib/contract-form): the
// contract's own rules (SaveWifiSchema to add, UpdateWifiSchema to change, where an empty password
// keeps the stored one), an open network sent without whatever was left in the password field, and
// the contract's English rules worded by the `wifi` catalogue.
import {
  SSID_MAX_BYTES,
  WIFI_PASSWORD_MAX_LENGTH,
  WIFI_PASSWORD_MIN_LENGTH,
  type Wifi,
  type WifiSecurity,
} from '@portal/contracts/wifi';
import type { FormSettings } from '../../../lib/contract-form';

export type WifiFormValues = {
  ssid: string;
  password: string;
  security: WifiSecurity;
  hidden: boolean;
  note: string;
};

/** A new network: WPA2, what every phone joins and most routers offer. */
export const NEW_WIFI: WifiFormValues = {
  ssid: '',
  password: '',
  security: 'WPA2',
  hidden: false,
  note: '',
};

/** A stored network as the form starts from it: its password never comes back (left empty, it is
 * kept). */
export const wifiValuesOf = (network: Wifi): WifiFormValues => ({
  ssid: network.ssid,
  password: '',
  security: network.security,
  hidden: network.hidden,
  note: network.note,
});

const PASSWORD_LENGTH = {
  key: 'wifi:form.passwordLength',
  values: { min: WIFI_PASSWORD_MIN_LENGTH, max: WIFI_PASSWORD_MAX_LENGTH },
} as const;

export const WIFI_FORM: FormSettings<WifiFormValues> = {
  messages: {
    ssid: { invalid: { key: 'wifi:form.ssidTooLong', values: { limit: SSID_MAX_BYTES } } },
    password: {
      // The contract's ASCII rule is a regex; its length rule (which depends on the security) a
      // refinement of the whole network, reported on the password.
      format: 'wifi:form.passwordAscii',
      invalid: PASSWORD_LENGTH,
      required: PASSWORD_LENGTH,
    },
  },
  // The password field is switched off for an open network: what it held is not sent.
  toInput: (input, values) => (values.security === 'open' ? { ...input, password: '' } : input),
};
