// A device's screen (SPEC §2 …/devices/{deviceType}/{deviceId}): its details, and below them what
// other features keep about it (its images). Composed here because features do not import each
// other.
import { DeviceImagesSection } from '../../features/device-images/components/device-images-section';
import DeviceScreen from '../../features/devices/screens/device-screen';

export default function DeviceRoute() {
  return (
    <DeviceScreen
      sections={(device, property) => (
        <DeviceImagesSection device={device} timeZone={property.timeZone} />
      )}
    />
  );
}
