// The names a property's or an area's screens carry in the document title: the area's label and
// its property's name, from the same cached queries the screens and the navigation make (one
// request each). Unknown (loading, not found) is undefined, and the title goes without.
import { isAreaType } from '@portal/contracts/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useParams } from 'react-router';
import { useGetAreaQuery } from '../../api/areas';
import { useGetPropertyQuery } from '../../api/properties';
import { useAreaLabel } from '../../lib/area-name';

export function useEntityNames(): (string | undefined)[] {
  const { propertyId, areaType, areaId } = useParams();
  const areaLabel = useAreaLabel();
  const property = useGetPropertyQuery(propertyId ?? skipToken).currentData;
  const area = useGetAreaQuery(
    propertyId && isAreaType(areaType) && areaId ? areaId : skipToken,
  ).currentData;
  return [area && areaLabel(area), property?.name];
}
