// Shapes a stored property, its organization's name and its area counts as the API's Property.
import { AREA_TYPES, isAreaType } from '@portal/contracts/domain';
import type { AreaCounts, Property } from '@portal/contracts/properties';
import type { AreaCount, PropertyWithOrganization } from './properties.repository';

const noAreas = (): AreaCounts =>
  Object.fromEntries(AREA_TYPES.map((type) => [type, 0])) as AreaCounts;

/** Every type code present, 0 where the property has none. */
export function areaCountsByProperty(counts: AreaCount[]): Map<string, AreaCounts> {
  const byProperty = new Map<string, AreaCounts>();
  for (const { propertyId, areaType, count } of counts) {
    if (!isAreaType(areaType)) continue;
    const forProperty = byProperty.get(propertyId) ?? noAreas();
    forProperty[areaType] = count;
    byProperty.set(propertyId, forProperty);
  }
  return byProperty;
}

export function presentProperty(
  row: PropertyWithOrganization,
  areaCounts: Map<string, AreaCounts>,
): Property {
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
    areaCounts: areaCounts.get(row.id) ?? noAreas(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
