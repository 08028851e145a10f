// 'Add an installation image for a new device' (SPEC §2 …/{areaId}/devices/new/image): the photo
// first (features/device-images), then the devices feature's 'Add device'; once the device is
// made, its photo is uploaded with its progress. A photo over the size limit or not an image is
// refused as it is picked (the picker's check), before the device's form shows. A photo that still
// fails to upload leaves the device made: its image screen opens with 'Error uploading the file'.
import { isAreaType } from '@portal/contracts/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { NewDevicePhoto } from '../../features/device-images/components/new-device-photo';
import { imageNoticeState } from '../../features/device-images/model/image-notice';
import { useImageUpload } from '../../features/device-images/model/use-image-upload';
import DeviceNewScreen from '../../features/devices/screens/device-new-screen';

export default function AreaNewDeviceImageRoute() {
  const { areaType } = useParams();
  const [file, setFile] = useState<File | null>(null);
  const { upload, progress } = useImageUpload();
  return (
    <DeviceNewScreen
      photo={{
        picker: <NewDevicePhoto file={file} onChange={setFile} progress={progress} />,
        chosen: file !== null,
        afterCreate: async (device, page) => {
          if (file && (await upload(device.id, file)))
            return {
              to: page.to,
              state: { ...page.state, ...imageNoticeState({ kind: 'uploaded' }) },
            };
          return {
            to: isAreaType(areaType)
              ? paths.deviceNewImage.href(
                  device.propertyId,
                  areaType,
                  device.areaId,
                  device.deviceType,
                  device.id,
                )
              : page.to,
            state: imageNoticeState({ kind: 'uploadFailed' }),
          };
        },
      }}
    />
  );
}
