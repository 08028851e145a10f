// Choosing the image to upload: straight from the phone's camera (capture="environment", the
// camera on the back) or from the files on the device, then a preview of the choice (a HEIC
// photo is sent as it is where the browser cannot show one). The preview's object URL is
// revoked when the choice changes or the picker goes. A file over the size limit or not an image
// (model/image-file-check) is refused as it is picked, said under the buttons, and the choice
// before it kept: nothing is sent, and no device is made, for a photo that would be refused.
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { type ImageFileProblem, imageFileProblem } from '../model/image-file-check';
import { MAX_UPLOAD_MEGABYTES } from './image-failure-alert';

const ACCEPT = 'image/*,.heic,.heif';

function Preview({ file }: { file: File }) {
  const { t, i18n } = useTranslation('images');
  const [url, setUrl] = useState<string>();
  const [unreadable, setUnreadable] = useState(false);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    setUnreadable(false);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  const megabytes = formatNumber(file.size / (1024 * 1024), currentLanguage(i18n), {
    maximumFractionDigits: 1,
  });
  return (
    <Stack gap="xs">
      {url && !unreadable && (
        <Image
          src={url}
          alt={t('upload.previewAlt')}
          maw={480}
          mah={360}
          fit="contain"
          radius="sm"
          onError={() => setUnreadable(true)}
        />
      )}
      {unreadable && <Text size="sm">{t('upload.noPreview')}</Text>}
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('upload.chosen', { name: file.name, size: `${megabytes} MB` })}
      </Text>
    </Stack>
  );
}

export function ImagePicker({
  file,
  onChange,
  error,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  /** 'Please choose a file or take a photo', under the buttons. */
  error?: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('images');
  const [refused, setRefused] = useState<ImageFileProblem>();
  const pick = (picked: File | null) => {
    const problem = picked ? imageFileProblem(picked) : undefined;
    setRefused(problem);
    if (!problem) onChange(picked);
  };
  const refusal =
    refused === 'tooLarge'
      ? t('messages.tooLarge', {
          megabytes: formatNumber(MAX_UPLOAD_MEGABYTES, currentLanguage(i18n)),
        })
      : refused === 'notImage'
        ? t('messages.unreadable')
        : undefined;
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <FileButton onChange={pick} accept={ACCEPT} capture="environment" disabled={disabled}>
          {(props) => (
            <Button {...props} color="blue.8" size="md" disabled={disabled}>
              {t('upload.takePhoto')}
            </Button>
          )}
        </FileButton>
        <FileButton onChange={pick} accept={ACCEPT} disabled={disabled}>
          {(props) => (
            <Button {...props} variant="default" size="md" disabled={disabled}>
              {t('upload.chooseFile')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" c="dimmed">
        {t('upload.hint', {
          megabytes: formatNumber(MAX_UPLOAD_MEGABYTES, currentLanguage(i18n)),
        })}
      </Text>
      {(refusal ?? error) && (
        <Text size="sm" c="red.9" role="alert">
          {refusal ?? error}
        </Text>
      )}
      {file && <Preview file={file} />}
    </Stack>
  );
}
