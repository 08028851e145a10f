// Shapes a stored area as the API's Area.
import type { Area } from '@portal/contracts/areas';
import type { AreaRow } from './areas.repository';

export function presentArea(row: AreaRow): Area {
  return {
    id: row.id,
    propertyId: row.propertyId,
    organizationId: row.organizationId,
    name: row.name,
    areaType: row.areaType,
    number: row.number,
    floorArea: row.floorArea,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
