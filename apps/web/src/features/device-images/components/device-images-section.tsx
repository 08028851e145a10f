// The images on a device's screen (composed there by app/routes/device.tsx): thumbnails newest
// first, each opening its full view; for site managers 'Add image' and, in the full view, delete
// with confirmation. 'File submitted!' after an upload, 'Image successfully deleted' after a
// delete; SPEC §8's connection message when the images cannot be fetched.
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Device } from '@portal/contracts/devices';
import { isAreaType } from '@portal/contracts/domain';
import type { DeviceImage } from '@portal/contracts/images';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useIsSiteManager } from '../../../api/current-user';
import { useDeleteDeviceImageMutation, useGetDeviceImagesQuery } from '../../../api/device-images';
import { LoadFailed } from '../../../components/load-failed';
import { Loading } from '../../../components/loading';
import { Notice } from '../../../components/notice';
import { paths } from '../../../config/paths';
import { useArrivalState } from '../../../lib/arrival-state';
import { currentLanguage } from '../../../lib/i18n';
import { type ImageFailure, imageFailureOf } from '../model/image-failure';
import { imageNoticeIn } from '../model/image-notice';
import { formatImageTime } from '../model/image-time';
import { ImageFailureAlert } from './image-failure-alert';
import { ImageThumbnail } from './image-thumbnail';
import { ImageViewer } from './image-viewer';

export function DeviceImagesSection({ device, timeZone }: { device: Device; timeZone?: string }) {
  const { t, i18n } = useTranslation('images');
  const language = currentLanguage(i18n);
  const { areaType } = useParams();
  const isSiteManager = useIsSiteManager(device.organizationId);
  const query = useGetDeviceImagesQuery(device.id);
  const [deleteImage, { isLoading: deleting }] = useDeleteDeviceImageMutation();
  const [arrived, dismissArrived] = useArrivalState(imageNoticeIn);
  const [deleted, setDeleted] = useState(false);
  const [failure, setFailure] = useState<ImageFailure>();
  const [open, setOpen] = useState<DeviceImage>();
  const images = query.data ?? [];
  const deviceName = device.name || device.idNumber;

  const clearMessages = () => {
    dismissArrived();
    setDeleted(false);
    setFailure(undefined);
  };

  async function remove(image: DeviceImage) {
    clearMessages();
    try {
      await deleteImage({ deviceId: device.id, imageId: image.id }).unwrap();
      setDeleted(true);
    } catch (error) {
      setFailure(imageFailureOf(error));
    }
    setOpen(undefined);
  }

  function gallery() {
    if (query.isLoading) return <Loading />;
    if (query.isError && !query.data)
      return (
        <LoadFailed
          title={t('messages.fetchFailed')}
          text={t('messages.fetchFailedText')}
          onRetry={() => void query.refetch()}
        />
      );
    if (images.length === 0) return <Text c="dimmed">{t('section.empty')}</Text>;
    return (
      <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" component="ul" p={0} m={0}>
        {images.map((image, index) => {
          const number = index + 1;
          return (
            <li key={image.id} style={{ listStyle: 'none' }}>
              <ImageThumbnail
                image={image}
                label={t('section.open', { number, count: images.length })}
                alt={t('section.thumbnailAlt', {
                  number,
                  date: formatImageTime(image.createdAt, language, timeZone),
                })}
                onOpen={() => {
                  clearMessages();
                  setOpen(image);
                }}
              />
            </li>
          );
        })}
      </SimpleGrid>
    );
  }

  const openNumber = open ? images.findIndex((image) => image.id === open.id) + 1 : 0;
  return (
    <Stack gap="sm" component="section" aria-labelledby="device-images-title">
      <Group justify="space-between" align="center">
        <Title order={2} id="device-images-title">
          {t('section.title')}
        </Title>
        {isSiteManager && isAreaType(areaType) && (
          <Button
            component={Link}
            to={paths.deviceNewImage.href(
              device.propertyId,
              areaType,
              device.areaId,
              device.deviceType,
              device.id,
            )}
            variant="outline"
            color="blue.8"
            size="sm"
          >
            {t('section.add')}
          </Button>
        )}
      </Group>
      {arrived?.kind === 'uploaded' && (
        <Notice kind="success" title={t('messages.uploaded')} onClose={clearMessages} />
      )}
      {deleted && <Notice kind="success" title={t('messages.deleted')} onClose={clearMessages} />}
      {failure && <ImageFailureAlert failure={failure} action="delete" onClose={clearMessages} />}
      {gallery()}
      {open && (
        <ImageViewer
          image={open}
          title={t('viewer.title', { number: openNumber, count: images.length })}
          deviceName={deviceName}
          timeZone={timeZone}
          canDelete={isSiteManager}
          deleting={deleting}
          onDelete={() => void remove(open)}
          onClose={() => setOpen(undefined)}
        />
      )}
    </Stack>
  );
}
