// One image of the gallery: its thumbnail, fetched with the session's token and shown from an
// object URL; a button that opens the full view.
import { Box, Center, Loader, Text, UnstyledButton } from '@mantine/core';
import type { DeviceImage } from '@portal/contracts/images';
import { useTranslation } from 'react-i18next';
import { useImageUrl } from '../model/use-image-url';

const SQUARE = { aspectRatio: '1 / 1', width: '100%', borderRadius: 4, overflow: 'hidden' };

export function ImageThumbnail({
  image,
  label,
  alt,
  onOpen,
}: {
  image: DeviceImage;
  /** 'Open image 2 of 5'. */
  label: string;
  alt: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation('images');
  const thumbnail = useImageUrl(image.id, 'thumb');
  return (
    <UnstyledButton onClick={onOpen} aria-label={label} style={SQUARE} bg="gray.1">
      {thumbnail.state === 'loaded' && (
        <Box
          component="img"
          src={thumbnail.url}
          alt={alt}
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
      {thumbnail.state === 'loading' && (
        <Center h="100%">
          <Loader size="sm" color="blue.8" />
        </Center>
      )}
      {thumbnail.state === 'failed' && (
        <Center h="100%" p={4}>
          <Text size="xs" ta="center">
            {t('section.loadFailed')}
          </Text>
        </Center>
      )}
    </UnstyledButton>
  );
}
