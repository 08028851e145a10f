// An area's address names its property and type; a link with a stale or wrong type (the area was
// retyped, or someone edited the address) is replaced by the area's real one, without a new
// history entry.
// Shared by the screens at an area's address, of areas and of devices alike.
import type { Area } from '@portal/contracts/areas';
import type { AreaType } from '@portal/contracts/domain';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';

type AreaHref = (propertyId: string, areaType: AreaType, areaId: string) => string;

export function useCanonicalAreaUrl(area: Area | undefined, href: AreaHref) {
  const { propertyId, areaType } = useParams();
  const navigate = useNavigate();
  // Checked once per area, on arrival: an area the screen itself just retyped is on its way to
  // its new address already, and must not be sent back to this screen's.
  const checked = useRef<string | null>(null);
  useEffect(() => {
    if (!area || checked.current === area.id) return;
    checked.current = area.id;
    if (area.propertyId === propertyId && area.areaType === areaType) return;
    void navigate(href(area.propertyId, area.areaType, area.id), { replace: true });
  }, [area, propertyId, areaType, href, navigate]);
}
