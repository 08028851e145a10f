// An area's page (SPEC §2 …/area/{areaType}/{areaId}): its details, its alerts (a device offline,
// a possible leak), and its devices below them, each marked when it is news. Composed here because
// they come from different features, which do not import each other.
import type { Area } from '@portal/contracts/areas';
import { AreaAlerts } from '../../features/alerts/components/area-alerts';
import { useDeviceAlertKinds } from '../../features/alerts/model/device-alert-kinds';
import AreaScreen from '../../features/areas/screens/area-screen';
import { AreaDevicesSection } from '../../features/devices/components/area-devices-section';

function AreaSections({ area }: { area: Area }) {
  const alertKinds = useDeviceAlertKinds(area);
  return (
    <>
      <AreaAlerts area={area} />
      <AreaDevicesSection area={area} alertKinds={alertKinds} />
    </>
  );
}

export default function AreaRoute() {
  return <AreaScreen sections={(area) => <AreaSections area={area} />} />;
}
