// Every cache tag of the one api slice, in one place: endpoint files name them from here, so a
// feature never retypes a tag as a string and a new resource adds its tag once.

export const TAG = {
  organizations: 'Organizations',
  organizationUsers: 'OrganizationUsers',
  properties: 'Properties',
  areas: 'Areas',
  devices: 'Devices',
  /** A property's device log: every change of a device adds an entry. */
  deviceLogs: 'DeviceLogs',
  /** A door's or keypad's PIN code slots, by device id. */
  pinCodes: 'PinCodes',
  /** A device's images (their metadata; the bytes never enter the cache). */
  deviceImages: 'DeviceImages',
  /** The signed-in user (GET /user/{id}): their name, role and organizations. */
  currentUser: 'CurrentUser',
  /** A meter's recorded replacements, by device id. */
  meterReplacements: 'MeterReplacements',
  /** A property's prices per meter type (GET/PUT …/prices), by property id. */
  prices: 'Prices',
  /** A property's usage estimates (every year and month of it), by property id: its prices
   * turn use into kronor, so a change of them makes every estimate stale. */
  usageEstimates: 'UsageEstimates',
  /** A property's WiFi networks (never a password: those are fetched untracked), by property id. */
  wifi: 'Wifi',
  /** A property's data exports (their history, by property id) and each export, by its id. */
  exports: 'Exports',
} as const;

export type TagType = (typeof TAG)[keyof typeof TAG];

export const TAG_TYPES = Object.values(TAG);

/** The id of a tag that stands for a whole list (a property list, an organization's members). */
export const LIST = 'LIST';

/** The tag of every area list of one property. */
export const propertyAreasTag = (propertyId: string) =>
  ({ type: TAG.areas, id: `property:${propertyId}` }) as const;

/** The tag of an area's device list. */
export const areaDevicesTag = (areaId: string) =>
  ({ type: TAG.devices, id: `area:${areaId}` }) as const;

/** The tag of a property's device log, whole or of one device. */
export const propertyDeviceLogTag = (propertyId: string) =>
  ({ type: TAG.deviceLogs, id: propertyId }) as const;

/** The tag of a device's image list. */
export const deviceImagesTag = (deviceId: string) =>
  ({ type: TAG.deviceImages, id: `device:${deviceId}` }) as const;

/** The tag of a property's prices. */
export const propertyPricesTag = (propertyId: string) =>
  ({ type: TAG.prices, id: propertyId }) as const;

/** The tag of every usage estimate of a property. */
export const propertyUsageEstimatesTag = (propertyId: string) =>
  ({ type: TAG.usageEstimates, id: propertyId }) as const;

/** The tag of a property's WiFi networks. */
export const propertyWifiTag = (propertyId: string) =>
  ({ type: TAG.wifi, id: propertyId }) as const;
/** The tag of a property's export history. */
export const propertyExportsTag = (propertyId: string) =>
  ({ type: TAG.exports, id: `property:${propertyId}` }) as const;
