// 'Add image' (SPEC §2 …/devices/{deviceType}/{deviceId}/new/image): a photo taken on the spot
// or a file chosen, its preview, and the upload with its progress; 'File submitted!' on the
// device's screen once it is kept. Without a file: 'Please choose a file or take a photo'. It is
// also where a device saved with a photo that did not upload lands, with 'Error uploading the
// file', to try again. Users of the device's organization see that they may not add images.
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { Device } from '@portal/contracts/devices';
import { isAreaType } from '@portal/contracts/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetDeviceQuery } from '../../../api/devices';
import { NotFoundFrame } from '../../../components/not-found-frame';
import { Notice } from '../../../components/notice';
import { QueryState } from '../../../components/query-state';
import { SiteManagerOnly } from '../../../components/site-manager-only';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { deviceHref, paths } from '../../../config/paths';
import { useArrivalState } from '../../../lib/arrival-state';
import { ImageFailureAlert } from '../components/image-failure-alert';
import { ImagePicker } from '../components/image-picker';
import { UploadProgress } from '../components/upload-progress';
import { imageNoticeIn, imageNoticeState } from '../model/image-notice';
import { useImageUpload } from '../model/use-image-upload';

function UploadForm({ device, backTo }: { device: Device; backTo: string }) {
  const { t } = useTranslation('images');
  const navigate = useNavigate();
  const [arrived, dismissArrived] = useArrivalState(imageNoticeIn);
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const { upload, progress, failure, clearFailure } = useImageUpload();
  const uploading = progress !== undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    dismissArrived();
    if (!file) {
      setMissing(true);
      return;
    }
    if (await upload(device.id, file))
      await navigate(backTo, { state: imageNoticeState({ kind: 'uploaded' }) });
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {arrived?.kind === 'uploadFailed' && !failure && (
          <UploadFailedKept onClose={dismissArrived} />
        )}
        {failure && <ImageFailureAlert failure={failure} action="upload" onClose={clearFailure} />}
        <ImagePicker
          file={file}
          disabled={uploading}
          error={missing && !file ? t('upload.chooseFirst') : undefined}
          onChange={(chosen) => {
            setFile(chosen);
            setMissing(false);
            clearFailure();
          }}
        />
        {uploading && <UploadProgress progress={progress} />}
        <Stack gap="sm" align="flex-start">
          <Button type="submit" color="blue.8" size="md" loading={uploading}>
            {t('upload.submit')}
          </Button>
          <Anchor component={Link} c="blue.8" to={backTo}>
            {t('upload.back')}
          </Anchor>
        </Stack>
      </Stack>
    </form>
  );
}

/** The device was saved, its photo was not: SPEC §8's upload message, and what is kept. */
function UploadFailedKept({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('images');
  return (
    <Notice kind="failure" title={t('messages.uploadFailed')} onClose={onClose}>
      {t('messages.uploadFailedKept')}
    </Notice>
  );
}

export default function DeviceImageNewScreen() {
  const { t } = useTranslation('images');
  const { deviceId = '', areaType, propertyId = '', areaId = '' } = useParams();
  const query = useGetDeviceQuery(deviceId);
  const device = query.data;

  const frame = (content: ReactNode) => (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1}>{t('upload.title')}</Title>
        {device && (
          <Text c="dimmed" style={BREAK_LONG_WORDS}>
            {device.name || device.idNumber}
          </Text>
        )}
      </Stack>
      {content}
    </Stack>
  );

  const devicesHref = isAreaType(areaType)
    ? paths.areaDevices.href(propertyId, areaType, areaId)
    : paths.propertyAreas.href(propertyId);

  return (
    <QueryState
      queries={[query]}
      notFound={
        <NotFoundFrame
          title={t('notFound.title')}
          text={t('notFound.text')}
          backTo={devicesHref}
          backLabel={t('notFound.back')}
        />
      }
      failed={{ title: t('messages.deviceFetchFailed'), text: t('messages.connection') }}
      failedFrame={frame}
    >
      {() =>
        device &&
        frame(
          <SiteManagerOnly
            organizationId={device.organizationId}
            title={t('messages.noPermissionAdd')}
            backTo={deviceHref(device, areaType)}
            backLabel={t('upload.back')}
          >
            {() => <UploadForm device={device} backTo={deviceHref(device, areaType)} />}
          </SiteManagerOnly>,
        )
      }
    </QueryState>
  );
}
