// SPEC §2: every route exists in the registry, and links built for it lead back to it with the
// same values, whatever characters those contain.
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEVICE_PARAM, ORGANIZATION_PARAM, PUBLIC_PATHS, paths } from './paths';

const area = 'property/:propertyId/area/:areaType/:areaId';
const device = `${area}/devices/:deviceType/:deviceId`;

const SPEC_ROUTES = [
  // Public group
  'login',
  'signup',
  'signup/:key/:email',
  'reset-password-email',
  'reset-password-email/:key/:email',
  // Main group
  '',
  'profile',
  'profile/edit',
  'profile/new',
  'organizations',
  'organizations/new',
  'organizations/users',
  'organizations/users/new',
  'properties',
  'properties/new',
  'property/:propertyId',
  'property/:propertyId/area',
  'property/:propertyId/area/:areaType',
  'property/:propertyId/solar-panel',
  'property/:propertyId/compare',
  'property/:propertyId/usage',
  'property/:propertyId/data',
  'property/:propertyId/wifi',
  'property/:propertyId/overview',
  'property/:propertyId/energy-summary',
  'property/:propertyId/overview/new-area',
  'property/:propertyId/overview/new-area/multiple',
  'property/:propertyId/overview/edit-property',
  area,
  `${area}/edit-area`,
  `${area}/devices`,
  `${area}/devices/new`,
  `${area}/devices/new/image`,
  device,
  `${device}/new/image`,
  `${device}/new/pin-code`,
];

/** Routes the issues add beside SPEC §2's (docs/devices.md): the import and the device log. */
const ADDED_ROUTES = [`${area}/devices/import`, 'property/:propertyId/device-log'];

const patterns = Object.values(paths).map((entry) => entry.path);

/** The params the router hands a screen when `href` is opened and `pattern` is its route. */
const paramsOf = (pattern: string, href: string) =>
  matchRoutes([{ path: `/${pattern}` }], href)?.[0]?.params;

describe('route registry', () => {
  it.each(SPEC_ROUTES)('has the SPEC route %j', (route) => {
    expect(patterns).toContain(route);
  });

  it('has no route the SPEC does not list, but for those the issues add', () => {
    expect([...patterns].sort()).toEqual([...SPEC_ROUTES, ...ADDED_ROUTES].sort());
  });

  it('has no pattern twice', () => {
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('lists the public group as the routes outside the shell', () => {
    expect(PUBLIC_PATHS.map((name) => paths[name].path).sort()).toEqual(
      [
        'login',
        'reset-password-email',
        'reset-password-email/:key/:email',
        'signup',
        'signup/:key/:email',
      ].sort(),
    );
  });
});

describe('href builders', () => {
  it('build the fixed routes', () => {
    expect(paths.dashboard.href()).toBe('/');
    expect(paths.login.href()).toBe('/login');
    expect(paths.profileEdit.href()).toBe('/profile/edit');
    expect(paths.organizationUsersNew.href()).toBe('/organizations/users/new');
  });

  it('name the organization of the users screen in its search, or none', () => {
    expect(paths.organizationUsers.href()).toBe('/organizations/users');
    const href = paths.organizationUsers.href('org 1&x=2');
    expect(href).toBe('/organizations/users?organization=org+1%26x%3D2');
    const url = new URL(href, 'http://portal.test');
    expect(url.pathname).toBe('/organizations/users');
    expect(url.searchParams.get(ORGANIZATION_PARAM)).toBe('org 1&x=2');
  });

  it('encode an invitation key with "/" and an e-mail with "+" and "@" as single segments', () => {
    const href = paths.signupInvitation.href('ab/cd', 'anna+test@example.se');
    expect(href).toBe('/signup/ab%2Fcd/anna%2Btest%40example.se');
    expect(paramsOf(paths.signupInvitation.path, href)).toEqual({
      key: 'ab/cd',
      email: 'anna+test@example.se',
    });
  });

  it('encode the password-reset key and e-mail the same way', () => {
    const href = paths.resetPasswordWithKey.href('k/1?x', 'b+c@example.com');
    expect(href).toBe('/reset-password-email/k%2F1%3Fx/b%2Bc%40example.com');
    expect(paramsOf(paths.resetPasswordWithKey.path, href)).toEqual({
      key: 'k/1?x',
      email: 'b+c@example.com',
    });
  });

  it('build property pages whose id survives a round trip through the router', () => {
    const href = paths.propertyUsage.href('p 1/2');
    expect(href).toBe('/property/p%201%2F2/usage');
    expect(paramsOf(paths.propertyUsage.path, href)).toEqual({ propertyId: 'p 1/2' });
  });

  it('build the area detail page', () => {
    const href = paths.area.href('p1', 'apt', '1001');
    expect(href).toBe('/property/p1/area/apt/1001');
    expect(paramsOf(paths.area.path, href)).toEqual({
      propertyId: 'p1',
      areaType: 'apt',
      areaId: '1001',
    });
  });

  it('build the device log, whole or of one device named in its search', () => {
    expect(paths.propertyDeviceLog.href('p1')).toBe('/property/p1/device-log');
    const url = new URL(paths.propertyDeviceLog.href('p1', 'd 1&x'), 'http://portal.test');
    expect(url.pathname).toBe('/property/p1/device-log');
    expect(url.searchParams.get(DEVICE_PARAM)).toBe('d 1&x');
  });

  it('build the device pages with every segment encoded', () => {
    const ids = ['p1', 'apt', 'a#1', 'gw', 'AA:BB/CC'] as const;
    expect(paths.device.href(...ids)).toBe('/property/p1/area/apt/a%231/devices/gw/AA%3ABB%2FCC');
    const pinCode = paths.deviceNewPinCode.href(...ids);
    expect(pinCode).toBe('/property/p1/area/apt/a%231/devices/gw/AA%3ABB%2FCC/new/pin-code');
    expect(paramsOf(paths.deviceNewPinCode.path, pinCode)).toEqual({
      propertyId: 'p1',
      areaType: 'apt',
      areaId: 'a#1',
      deviceType: 'gw',
      deviceId: 'AA:BB/CC',
    });
    expect(paths.deviceNewImage.href(...ids)).toMatch(/\/devices\/gw\/AA%3ABB%2FCC\/new\/image$/);
  });

  const SAMPLES: Record<string, string> = {
    key: 'key/with+odd=chars',
    email: 'anna+1@example.se',
    propertyId: 'p 1/2',
    areaType: 'lau',
    areaId: 'a#1',
    deviceType: 'door',
    deviceId: 'dörr-1?x',
  };

  it.each(Object.entries(paths))('%s builds a link that leads back to it', (_name, entry) => {
    const names = [...entry.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
    const values = names.map((name) => SAMPLES[name] ?? name);
    const href = (entry.href as (...args: string[]) => string)(...values);
    expect(paramsOf(entry.path, href)).toEqual(
      Object.fromEntries(names.map((n, i) => [n, values[i]])),
    );
  });
});
