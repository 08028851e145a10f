// A device's screen (SPEC §2 …/devices/{deviceType}/{deviceId}): its details, and below them what
// other features keep about it. Composed here because features do not import each other.
import DeviceScreen from '../../features/devices/screens/device-screen';

export default function DeviceRoute() {
  return <DeviceScreen sections={() => null} />;
}
