// The area type a list hands to the forms it links to (?type=lau from the laundry rooms), so
// 'New area' and 'Several areas' start with the type the user was looking at.
import { type AreaType, isAreaType } from '@portal/contracts/domain';
import { createSearchParams, useSearchParams } from 'react-router';

const TYPE_PARAM = 'type';

/** The link's search part: '?type=lau', or none. */
export const typeSearch = (areaType: AreaType | undefined) =>
  areaType ? `?${createSearchParams({ [TYPE_PARAM]: areaType })}` : '';

/** The type the address asks for, or apartments (most areas are). */
export function usePreselectedType(): AreaType {
  const [search] = useSearchParams();
  const type = search.get(TYPE_PARAM);
  return isAreaType(type) ? type : 'apt';
}
