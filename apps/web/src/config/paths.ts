// Every route of SPEC §2 in one registry: the pattern the router matches and the href builder
// components link with. Paths are relative to the router's basename /portal.
import type { Device } from '@portal/contracts/devices';
import { type AreaType, type DeviceType, isAreaType } from '@portal/contracts/domain';

const segment = encodeURIComponent;
const property = (propertyId: string) => `/property/${segment(propertyId)}`;
const area = (propertyId: string, areaType: AreaType, areaId: string) =>
  `${property(propertyId)}/area/${segment(areaType)}/${segment(areaId)}`;
const device = (
  propertyId: string,
  areaType: AreaType,
  areaId: string,
  deviceType: DeviceType,
  deviceId: string,
) => `${area(propertyId, areaType, areaId)}/devices/${segment(deviceType)}/${segment(deviceId)}`;

/** The search parameter naming the device whose entries the device log shows. */
export const DEVICE_PARAM = 'device';

/** The search parameter naming the organization the users screen shows. */
export const ORGANIZATION_PARAM = 'organization';

export const paths = {
  // Public group
  login: { path: 'login', href: () => '/login' },
  signup: { path: 'signup', href: () => '/signup' },
  signupInvitation: {
    path: 'signup/:key/:email',
    href: (key: string, email: string) => `/signup/${segment(key)}/${segment(email)}`,
  },
  resetPassword: { path: 'reset-password-email', href: () => '/reset-password-email' },
  resetPasswordWithKey: {
    path: 'reset-password-email/:key/:email',
    href: (key: string, email: string) => `/reset-password-email/${segment(key)}/${segment(email)}`,
  },

  // Main group, inside the shell
  dashboard: { path: '', href: () => '/' },
  profile: { path: 'profile', href: () => '/profile' },
  profileEdit: { path: 'profile/edit', href: () => '/profile/edit' },
  profileNew: { path: 'profile/new', href: () => '/profile/new' },
  organizations: { path: 'organizations', href: () => '/organizations' },
  organizationsNew: { path: 'organizations/new', href: () => '/organizations/new' },
  organizationUsers: {
    path: 'organizations/users',
    /** With an organization, the users screen opens on it (when the user belongs to it). */
    href: (organizationId?: string) =>
      organizationId
        ? `/organizations/users?${new URLSearchParams({ [ORGANIZATION_PARAM]: organizationId })}`
        : '/organizations/users',
  },
  organizationUsersNew: {
    path: 'organizations/users/new',
    href: (organizationId?: string) =>
      organizationId
        ? `/organizations/users/new?${new URLSearchParams({ [ORGANIZATION_PARAM]: organizationId })}`
        : '/organizations/users/new',
  },
  properties: { path: 'properties', href: () => '/properties' },
  propertiesNew: { path: 'properties/new', href: () => '/properties/new' },
  property: { path: 'property/:propertyId', href: property },
  propertyAreas: {
    path: 'property/:propertyId/area',
    href: (id: string) => `${property(id)}/area`,
  },
  propertyAreasOfType: {
    path: 'property/:propertyId/area/:areaType',
    href: (id: string, areaType: AreaType) => `${property(id)}/area/${segment(areaType)}`,
  },
  propertySolar: {
    path: 'property/:propertyId/solar-panel',
    href: (id: string) => `${property(id)}/solar-panel`,
  },
  propertyCompare: {
    path: 'property/:propertyId/compare',
    href: (id: string) => `${property(id)}/compare`,
  },
  propertyUsage: {
    path: 'property/:propertyId/usage',
    href: (id: string) => `${property(id)}/usage`,
  },
  propertyData: { path: 'property/:propertyId/data', href: (id: string) => `${property(id)}/data` },
  propertyWifi: { path: 'property/:propertyId/wifi', href: (id: string) => `${property(id)}/wifi` },
  propertyOverview: {
    path: 'property/:propertyId/overview',
    href: (id: string) => `${property(id)}/overview`,
  },
  propertyEnergySummary: {
    path: 'property/:propertyId/energy-summary',
    href: (id: string) => `${property(id)}/energy-summary`,
  },
  propertyNewArea: {
    path: 'property/:propertyId/overview/new-area',
    href: (id: string) => `${property(id)}/overview/new-area`,
  },
  propertyNewAreas: {
    path: 'property/:propertyId/overview/new-area/multiple',
    href: (id: string) => `${property(id)}/overview/new-area/multiple`,
  },
  /** The property's device log, or one device's entries (`?device=`). */
  propertyDeviceLog: {
    path: 'property/:propertyId/device-log',
    href: (id: string, deviceId?: string) =>
      deviceId
        ? `${property(id)}/device-log?${new URLSearchParams({ [DEVICE_PARAM]: deviceId })}`
        : `${property(id)}/device-log`,
  },
  propertyEdit: {
    path: 'property/:propertyId/overview/edit-property',
    href: (id: string) => `${property(id)}/overview/edit-property`,
  },
  area: { path: 'property/:propertyId/area/:areaType/:areaId', href: area },
  areaEdit: {
    path: 'property/:propertyId/area/:areaType/:areaId/edit-area',
    href: (id: string, areaType: AreaType, areaId: string) =>
      `${area(id, areaType, areaId)}/edit-area`,
  },
  areaDevices: {
    path: 'property/:propertyId/area/:areaType/:areaId/devices',
    href: (id: string, areaType: AreaType, areaId: string) =>
      `${area(id, areaType, areaId)}/devices`,
  },
  areaNewDevice: {
    path: 'property/:propertyId/area/:areaType/:areaId/devices/new',
    href: (id: string, areaType: AreaType, areaId: string) =>
      `${area(id, areaType, areaId)}/devices/new`,
  },
  areaDevicesImport: {
    path: 'property/:propertyId/area/:areaType/:areaId/devices/import',
    href: (id: string, areaType: AreaType, areaId: string) =>
      `${area(id, areaType, areaId)}/devices/import`,
  },
  areaNewDeviceImage: {
    path: 'property/:propertyId/area/:areaType/:areaId/devices/new/image',
    href: (id: string, areaType: AreaType, areaId: string) =>
      `${area(id, areaType, areaId)}/devices/new/image`,
  },
  device: {
    path: 'property/:propertyId/area/:areaType/:areaId/devices/:deviceType/:deviceId',
    href: device,
  },
  deviceNewImage: {
    path: 'property/:propertyId/area/:areaType/:areaId/devices/:deviceType/:deviceId/new/image',
    href: (...ids: Parameters<typeof device>) => `${device(...ids)}/new/image`,
  },
  deviceNewPinCode: {
    path: 'property/:propertyId/area/:areaType/:areaId/devices/:deviceType/:deviceId/new/pin-code',
    href: (...ids: Parameters<typeof device>) => `${device(...ids)}/new/pin-code`,
  },
} as const;

export type PathName = keyof typeof paths;

/** The routes outside the shell (SPEC §2, public group). */
export const PUBLIC_PATHS = [
  'login',
  'signup',
  'signupInvitation',
  'resetPassword',
  'resetPasswordWithKey',
] as const satisfies readonly PathName[];

/**
 * A device's screen from a screen below it, whose route gives the area's type (the device does
 * not): the property's areas where that segment is not an area type.
 */
export const deviceHref = (
  device: Pick<Device, 'id' | 'deviceType' | 'areaId' | 'propertyId'>,
  areaType: string | undefined,
) =>
  isAreaType(areaType)
    ? paths.device.href(device.propertyId, areaType, device.areaId, device.deviceType, device.id)
    : paths.propertyAreas.href(device.propertyId);
