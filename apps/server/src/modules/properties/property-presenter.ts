// Shapes a stored property, its organization's name, its area and device counts and its open
// alerts as the API's Property.
import { NO_OPEN_ALERTS, type OpenAlertCounts } from '@portal/contracts/alerts';
import {
  ALERT_KINDS,
  AREA_TYPES,
  DEVICE_TYPES,
  isAreaType,
  isDeviceType,
} from '@portal/contracts/domain';
import type { AreaCounts, DeviceCounts, Property } from '@portal/contracts/properties';
import type { PropertyCount, PropertyWithOrganization } from './properties.repository';

/** A property's areas and devices per type, every type present (0 where it has none), and its
 * devices with an open alert per kind. */
export type PropertyCounts = { areas: AreaCounts; devices: DeviceCounts; alerts: OpenAlertCounts };

const isAlertKind = (kind: string): kind is keyof OpenAlertCounts =>
  (ALERT_KINDS as readonly string[]).includes(kind);

const none = (): PropertyCounts => ({
  areas: Object.fromEntries(AREA_TYPES.map((type) => [type, 0])) as AreaCounts,
  devices: Object.fromEntries(DEVICE_TYPES.map((type) => [type, 0])) as DeviceCounts,
  alerts: { ...NO_OPEN_ALERTS },
});

/** The counts of each property, from the rows of countAreasAndDevices. */
export function countsByProperty(rows: PropertyCount[]): Map<string, PropertyCounts> {
  const byProperty = new Map<string, PropertyCounts>();
  for (const { propertyId, of, type, count } of rows) {
    const counts = byProperty.get(propertyId) ?? none();
    if (of === 'area' && isAreaType(type)) counts.areas[type] = Number(count);
    if (of === 'device' && isDeviceType(type)) counts.devices[type] = Number(count);
    if (of === 'alert' && isAlertKind(type)) counts.alerts[type] = Number(count);
    byProperty.set(propertyId, counts);
  }
  return byProperty;
}

export function presentProperty(
  row: PropertyWithOrganization,
  counts: Map<string, PropertyCounts>,
): Property {
  const { areas, devices, alerts } = counts.get(row.id) ?? none();
  return {
    id: row.id,
    name: row.name,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    address: row.address,
    propertyType: row.propertyType,
    heatedArea: row.heatedArea,
    buildYear: row.buildYear,
    timeZone: row.timeZone,
    heatingCarrier: row.heatingCarrier,
    geoFactor: row.geoFactor,
    offlineAfterMinutes: row.offlineAfterMinutes,
    areaCounts: areas,
    deviceCounts: devices,
    openAlerts: alerts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
