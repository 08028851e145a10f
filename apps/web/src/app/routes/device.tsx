// A device's screen (SPEC §2 …/devices/{deviceType}/{deviceId}): its details, and below them what
// other features keep about it (a door's or keypad's PIN codes, a meter's replacements, its
// installation images). Composed here because features do not import each other.
import { isMeterType } from '@portal/contracts/device-ids';
import { hasPinSlots } from '@portal/contracts/domain';
import { DeviceImagesSection } from '../../features/device-images/components/device-images-section';
import DeviceScreen from '../../features/devices/screens/device-screen';
import { MeterReplacementsSection } from '../../features/meter-replacements/components/meter-replacements-section';
import { PinCodeSection } from '../../features/pin-codes/components/pin-code-section';
import { PinCodesLeftOnLock } from '../../features/pin-codes/components/pin-codes-left-on-lock';

export default function DeviceRoute() {
  return (
    <DeviceScreen
      sections={(device, property) => (
        <>
          {hasPinSlots(device.deviceType) && <PinCodeSection device={device} />}
          {isMeterType(device.deviceType) && (
            <MeterReplacementsSection device={device} timeZone={property.timeZone} />
          )}
          <DeviceImagesSection device={device} timeZone={property.timeZone} />
        </>
      )}
      deleteWarning={(device) =>
        hasPinSlots(device.deviceType) ? <PinCodesLeftOnLock device={device} /> : null
      }
    />
  );
}
