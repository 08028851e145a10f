// The confirmation before an organization is deleted, naming what goes with it: its properties
// and their areas (the API deletes them together).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Organization } from '@portal/contracts/organizations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

export function OrganizationDeleteDialog({
  organization,
  deleting,
  onCancel,
  onConfirm,
}: {
  /** The organization to delete; null while the dialog is closed. */
  organization: Organization | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation('organizations');
  const language = currentLanguage(i18n);
  // The text stays while the dialog fades out after the organization is let go.
  const [shown, setShown] = useState(organization);
  if (organization && organization !== shown) setShown(organization);
  const name = shown?.name ?? '';
  const properties = shown?.propertyCount ?? 0;
  return (
    <Modal
      opened={organization !== null}
      onClose={onCancel}
      title={t('deleteDialog.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      centered
    >
      <Stack gap="lg">
        <Stack gap="xs">
          <Text>
            {properties === 0
              ? t('deleteDialog.textNoProperties', { name })
              : t('deleteDialog.text', {
                  name,
                  count: properties,
                  formatted: formatNumber(properties, language),
                })}
          </Text>
          <Text>{t('deleteDialog.members')}</Text>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button color="red.9" loading={deleting} onClick={onConfirm}>
            {t('deleteDialog.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
