// Sending an image to a device, with its progress and, should it fail, why. A file over the
// API's limit is refused here too (the picker refuses it first), before a phone spends minutes
// sending what would be refused.
import { MAX_IMAGE_UPLOAD_BYTES } from '@portal/contracts/images';
import { useState } from 'react';
import { useUploadDeviceImageMutation } from '../../../api/device-images';
import { type ImageFailure, imageFailureOf } from './image-failure';

export function useImageUpload() {
  const [uploadImage] = useUploadDeviceImageMutation();
  /** 0 to 1 while the file goes out; undefined before and after. */
  const [progress, setProgress] = useState<number>();
  const [failure, setFailure] = useState<ImageFailure>();

  /** Whether the image was kept. */
  async function upload(deviceId: string, file: File): Promise<boolean> {
    setFailure(undefined);
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
      setFailure({ reason: 'tooLarge' });
      return false;
    }
    setProgress(0);
    try {
      await uploadImage({ deviceId, file, fileName: file.name, onProgress: setProgress }).unwrap();
      return true;
    } catch (error) {
      setFailure(imageFailureOf(error));
      return false;
    } finally {
      setProgress(undefined);
    }
  }

  return { upload, progress, failure, clearFailure: () => setFailure(undefined) };
}
