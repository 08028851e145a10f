// Shapes a stored property, its organization's name and its area and device counts as the API's
// Property.
import { AREA_TYPES, DEVICE_TYPES, isAreaType, isDeviceType } from '@portal/contracts/domain';
import type { AreaCounts, DeviceCounts, Property } from '@portal/contracts/properties';
import type { PropertyCount, PropertyWithOrganization } from './properties.repository';

/** A property's areas and devices per type, every type present (0 where it has none). */
export type PropertyCounts = { areas: AreaCounts; devices: DeviceCounts };

const none = (): PropertyCounts => ({
  areas: Object.fromEntries(AREA_TYPES.map((type) => [type, 0])) as AreaCounts,
  devices: Object.fromEntries(DEVICE_TYPES.map((type) => [type, 0])) as DeviceCounts,
});

/** The counts of each property, from the rows of countAreasAndDevices. */
export function countsByProperty(rows: PropertyCount[]): Map<string, PropertyCounts> {
  const byProperty = new Map<string, PropertyCounts>();
  for (const { propertyId, of, type, count } of rows) {
    const counts = byProperty.get(propertyId) ?? none();
    if (of === 'area' && isAreaType(type)) counts.areas[type] = Number(count);
    if (of === 'device' && isDeviceType(type)) counts.devices[type] = Number(count);
    byProperty.set(propertyId, counts);
  }
  return byProperty;
}

export function presentProperty(
  row: PropertyWithOrganization,
  counts: Map<string, PropertyCounts>,
): Property {
  const { areas, devices } = counts.get(row.id) ?? none();
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
    areaCounts: areas,
    deviceCounts: devices,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
