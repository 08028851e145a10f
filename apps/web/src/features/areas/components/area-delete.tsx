// 'Delete area' on the area's screen: a confirmation that says what goes with the area (its
// devices and their data), then DELETE and back to the property's areas with 'Successfully
// deleted'; a failure goes to the screen, which shows 'Failed to delete'.
import { Button, Text } from '@mantine/core';
import type { Area } from '@portal/contracts/areas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteAreaMutation } from '../../../api/areas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { type AreaFailure, areaFailureOf } from '../model/area-failure';
import { noticeState } from './area-notice';

export function AreaDelete({
  area,
  name,
  onStart,
  onFailure,
}: {
  area: Area;
  name: string;
  onStart: () => void;
  onFailure: (failure: AreaFailure) => void;
}) {
  const { t } = useTranslation('areas');
  const navigate = useNavigate();
  const [deleteArea, { isLoading: deleting }] = useDeleteAreaMutation();
  const [confirming, setConfirming] = useState(false);

  async function confirm() {
    onStart();
    try {
      await deleteArea({ id: area.id, propertyId: area.propertyId }).unwrap();
    } catch (error) {
      setConfirming(false);
      onFailure(areaFailureOf(error));
      return;
    }
    await navigate(paths.propertyAreasOfType.href(area.propertyId, area.areaType), {
      state: noticeState({ kind: 'deleted' }),
    });
  }

  return (
    <>
      <Button variant="outline" color="red.9" onClick={() => setConfirming(true)}>
        {t('detail.delete')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('delete.title')}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      >
        <Text>{t('delete.text', { name })}</Text>
      </ConfirmDialog>
    </>
  );
}
