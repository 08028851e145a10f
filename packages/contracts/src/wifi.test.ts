// The WiFi contract: the `WIFI:` text phones join from (types, escaping, hidden), and the password
// rules of adding and of changing a network (an empty password keeps the stored one).
import { describe, expect, it } from 'vitest';
import { SaveWifiSchema, UpdateWifiSchema, wifiQrText } from './wifi';

const network = { ssid: 'Solrosen', password: 'hemligt-123', hidden: false } as const;

describe('wifiQrText', () => {
  it.each([
    ['WPA2', 'WIFI:T:WPA;S:Solrosen;P:hemligt-123;;'],
    ['WPA2/WPA3', 'WIFI:T:WPA;S:Solrosen;P:hemligt-123;;'],
    ['WPA3', 'WIFI:T:WPA;R:1;S:Solrosen;P:hemligt-123;;'],
  ] as const)('writes %s as %s', (security, text) => {
    expect(wifiQrText({ ...network, security })).toBe(text);
  });

  it('leaves the password out of an open network, and marks a hidden one', () => {
    expect(wifiQrText({ ...network, password: '', security: 'open', hidden: true })).toBe(
      'WIFI:T:nopass;S:Solrosen;H:true;;',
    );
  });

  it('escapes \\ ; , : and " in the name and the password, and nothing else', () => {
    expect(
      wifiQrText({
        ssid: 'a;b,c:d"e\\f å',
        password: 'x;y,z:"q"\\',
        security: 'WPA2',
        hidden: false,
      }),
    ).toBe('WIFI:T:WPA;S:a\\;b\\,c\\:d\\"e\\\\f å;P:x\\;y\\,z\\:\\"q\\"\\\\;;');
  });
});

describe('the password rules', () => {
  const wpa2 = { ssid: 'Solrosen', security: 'WPA2' } as const;

  it('need 8 to 63 printable ASCII characters to add a secured network, none for an open one', () => {
    expect(SaveWifiSchema.safeParse({ ...wpa2, password: 'x'.repeat(8) }).success).toBe(true);
    expect(SaveWifiSchema.safeParse({ ...wpa2, password: 'x'.repeat(63) }).success).toBe(true);
    for (const password of ['', 'x'.repeat(7), 'x'.repeat(64), 'blåbär-sylt'])
      expect(SaveWifiSchema.safeParse({ ...wpa2, password }).success).toBe(false);
    expect(SaveWifiSchema.safeParse({ ...wpa2, security: 'open', password: '' }).success).toBe(
      true,
    );
    expect(
      SaveWifiSchema.safeParse({ ...wpa2, security: 'open', password: 'x'.repeat(8) }).success,
    ).toBe(false);
  });

  it('let a change leave the password empty (kept), but hold a new one to the same rules', () => {
    expect(UpdateWifiSchema.safeParse({ ...wpa2, password: '' }).success).toBe(true);
    expect(UpdateWifiSchema.safeParse({ ...wpa2, password: 'kort' }).success).toBe(false);
    expect(
      UpdateWifiSchema.safeParse({ ...wpa2, security: 'open', password: 'x'.repeat(8) }).success,
    ).toBe(false);
  });

  it('count an SSID in bytes: 32 ASCII letters pass, 17 å (34 bytes) do not', () => {
    const add = (ssid: string) =>
      SaveWifiSchema.safeParse({ ssid, security: 'open', password: '' }).success;
    expect(add('s'.repeat(32))).toBe(true);
    expect(add('å'.repeat(17))).toBe(false);
    expect(add('')).toBe(false);
  });
});
