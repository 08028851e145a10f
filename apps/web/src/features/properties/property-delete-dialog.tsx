// The confirmation before a property is deleted (SPEC §5), naming what goes with it: its areas
// (the API deletes them together).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { totalAreas } from './property-area-counts';

export function PropertyDeleteDialog({
  property,
  opened,
  deleting,
  onCancel,
  onConfirm,
}: {
  property: Property;
  opened: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation('properties');
  const areas = totalAreas(property.areaCounts);
  const { name } = property;
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('deleteDialog.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      centered
    >
      <Stack gap="lg">
        <Text>
          {areas === 0
            ? t('deleteDialog.textNoAreas', { name })
            : t('deleteDialog.text', {
                name,
                count: areas,
                formatted: formatNumber(areas, currentLanguage(i18n)),
              })}{' '}
          {t('deleteDialog.undone')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('deleteDialog.cancel')}
          </Button>
          <Button color="red.9" loading={deleting} onClick={onConfirm}>
            {t('deleteDialog.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
