// The photo of 'Add device with a photo', taken before the device's details: the preview helps
// read the id off the meter. While the new device's photo goes out, its progress.
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from './image-picker';
import { UploadProgress } from './upload-progress';

export function NewDevicePhoto({
  file,
  onChange,
  progress,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  /** 0 to 1 while the photo uploads to the device just made. */
  progress?: number;
}) {
  const { t } = useTranslation('images');
  return (
    <Stack gap="sm">
      <Text>{t('newDevice.lead')}</Text>
      {!file && (
        <Text fw={500} role="status">
          {t('upload.chooseFirst')}
        </Text>
      )}
      <ImagePicker file={file} onChange={onChange} disabled={progress !== undefined} />
      {progress !== undefined && (
        <UploadProgress progress={progress} label={t('newDevice.uploading')} />
      )}
    </Stack>
  );
}
