// The confirmation before a property is deleted (SPEC §5), naming what goes with it: its areas
// (the API deletes them together).
import { Text } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { totalAreas } from '../model/property-area-counts';

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
    <ConfirmDialog
      opened={opened}
      title={t('deleteDialog.title')}
      cancelLabel={t('deleteDialog.cancel')}
      confirmLabel={t('deleteDialog.confirm')}
      busy={deleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
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
    </ConfirmDialog>
  );
}
