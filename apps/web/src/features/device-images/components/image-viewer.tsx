// The full view of one image (a modal over the device's screen): the image as kept, when and by
// whom it was added, and for site managers 'Delete image' with SPEC §5's confirmation.
import { Button, Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import type { DeviceImage } from '@portal/contracts/images';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadFailed } from '../../../components/load-failed';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatImageTime } from '../model/image-time';
import { useImageUrl } from '../model/use-image-url';

function FullImage({ image, alt }: { image: DeviceImage; alt: string }) {
  const { t } = useTranslation('images');
  const full = useImageUrl(image.id, 'full');
  if (full.state === 'loading')
    return (
      <Center mih={200}>
        <Loader color="blue.8" />
      </Center>
    );
  if (full.state === 'failed')
    return <LoadFailed title={t('section.loadFailed')} text={t('messages.fetchFailedText')} />;
  return <Image src={full.url} alt={alt} fit="contain" mah="70vh" radius="sm" />;
}

export function ImageViewer({
  image,
  title,
  deviceName,
  timeZone,
  canDelete,
  deleting,
  onDelete,
  onClose,
}: {
  image: DeviceImage;
  title: string;
  deviceName: string;
  timeZone?: string;
  canDelete: boolean;
  deleting: boolean;
  /** Confirmed: delete it. */
  onDelete: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('images');
  const language = currentLanguage(i18n);
  const [confirming, setConfirming] = useState(false);
  const date = formatImageTime(image.createdAt, language, timeZone);
  const alt = t('viewer.alt', { device: deviceName });
  return (
    <>
      <Modal
        opened={!confirming}
        onClose={onClose}
        title={title}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('viewer.close') }}
      >
        <Stack gap="sm">
          <FullImage image={image} alt={alt} />
          <Text size="sm">
            {image.createdBy
              ? t('viewer.added', { date, email: image.createdBy.email })
              : t('viewer.addedByGone', { date })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('viewer.size', {
              width: formatNumber(image.width, language),
              height: formatNumber(image.height, language),
            })}
          </Text>
          {canDelete && (
            <Button
              variant="outline"
              color="red.9"
              size="md"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => setConfirming(true)}
            >
              {t('viewer.delete')}
            </Button>
          )}
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={confirming}
        title={t('delete.title')}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={onDelete}
      >
        <Text>{t('delete.text', { device: deviceName })}</Text>
      </ConfirmDialog>
    </>
  );
}
