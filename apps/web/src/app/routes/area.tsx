// An area's page (SPEC §2 …/area/{areaType}/{areaId}): its details, and its devices below them.
// Composed here because the two come from different features, which do not import each other.

import AreaScreen from '../../features/areas/screens/area-screen';
import { AreaDevicesSection } from '../../features/devices/components/area-devices-section';

export default function AreaRoute() {
  return <AreaScreen sections={(area) => <AreaDevicesSection area={area} />} />;
}
