// The confirmation before an organization is deleted, naming what goes with it: its properties
// and their areas (the API deletes them together).
import { Stack, Text } from '@mantine/core';
import type { Organization } from '@portal/contracts/organizations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
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
    <ConfirmDialog
      opened={organization !== null}
      title={t('deleteDialog.title')}
      cancelLabel={t('cancel')}
      confirmLabel={t('deleteDialog.confirm')}
      busy={deleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
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
    </ConfirmDialog>
  );
}
