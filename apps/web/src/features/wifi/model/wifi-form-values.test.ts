// The WiFi form read with the contract: an open network drops what the password field held, a
// change may leave the password empty (kept) where adding may not, and each broken rule has the
// `wifi` catalogue's wording, with its bounds.
import { SaveWifiSchema, UpdateWifiSchema } from '@portal/contracts/wifi';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../lib/contract-form';
import { aNetwork } from '../test-wifi';
import { NEW_WIFI, WIFI_FORM, type WifiFormValues, wifiValuesOf } from './wifi-form-values';

const check = (values: Partial<WifiFormValues>, schema = SaveWifiSchema) =>
  checkForm(schema, { ...NEW_WIFI, ...values }, WIFI_FORM, 'sv');

describe('the WiFi form', () => {
  it('sends an open network without the password left in its field', () => {
    expect(check({ ssid: 'Gäst', security: 'open', password: 'kvar-sedan-innan' })).toEqual({
      ok: true,
      body: { ssid: 'Gäst', security: 'open', password: '', hidden: false, note: '' },
    });
  });

  it('needs a password to add a secured network, and keeps the stored one on a change', () => {
    expect(check({ ssid: 'Tvätt' })).toEqual({
      ok: false,
      messages: { password: { key: 'wifi:form.passwordLength', values: { min: 8, max: 63 } } },
    });
    expect(check({ ssid: 'Tvätt' }, UpdateWifiSchema)).toMatchObject({
      ok: true,
      body: { password: '' },
    });
  });

  it('words a name longer than 32 bytes and a password with å, ä or ö', () => {
    expect(check({ ssid: 'ö'.repeat(17), password: 'blåbär-123' })).toEqual({
      ok: false,
      messages: {
        ssid: { key: 'wifi:form.ssidTooLong', values: { limit: 32 } },
        password: { key: 'wifi:form.passwordAscii' },
      },
    });
  });

  it('starts a change from the stored network, the password empty', () => {
    const { network } = aNetwork({
      propertyId: '7d3b2a10-4c5e-4f60-8a71-9b8c7d6e5f40',
      ssid: 'Tvätt',
      note: 'Källaren',
      hidden: true,
    });
    expect(wifiValuesOf(network)).toEqual({
      ssid: 'Tvätt',
      password: '',
      security: 'WPA2',
      hidden: true,
      note: 'Källaren',
    });
  });
});
