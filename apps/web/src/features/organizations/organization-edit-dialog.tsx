// Changing an organization's name and address in a dialog over the list; a failure keeps the
// dialog open with what was typed, a success closes it and the list says 'Updated'.
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { CreateOrganization, Organization } from '@portal/contracts/organizations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateOrganizationMutation } from '../../api/organizations';
import { Notice } from '../../components/notice';
import { OrganizationFields, useOrganizationForm } from './organization-form';

function EditForm({
  organization,
  onCancel,
  onUpdated,
}: {
  organization: Organization;
  onCancel: () => void;
  onUpdated: () => Promise<void>;
}) {
  const { t } = useTranslation('organizations');
  const { form, onSubmit, showServerIssues } = useOrganizationForm({
    name: organization.name,
    address: organization.address,
  });
  const [failed, setFailed] = useState(false);
  const [updateOrganization] = useUpdateOrganizationMutation();

  // The form stays busy until the list has taken the change in (onUpdated settles).
  async function save(changes: CreateOrganization) {
    setFailed(false);
    try {
      await updateOrganization({ id: organization.id, ...changes }).unwrap();
    } catch (error) {
      showServerIssues(error);
      setFailed(true);
      return;
    }
    await onUpdated();
  }

  return (
    <form onSubmit={onSubmit(save)} noValidate>
      <Stack gap="lg">
        <OrganizationFields form={form} />
        {failed && <Notice kind="failure" title={t('editDialog.failed')} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="blue.8" loading={form.submitting}>
            {t('editDialog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function OrganizationEditDialog({
  organization,
  onClose,
  onUpdated,
}: {
  /** The organization being edited; null while the dialog is closed. */
  organization: Organization | null;
  onClose: () => void;
  /** Called after a successful save; the dialog stays busy until it settles. */
  onUpdated: () => Promise<void>;
}) {
  const { t } = useTranslation(['organizations', 'translation']);
  // The form stays while the dialog fades out after the organization is let go.
  const [shown, setShown] = useState(organization);
  if (organization && organization !== shown) setShown(organization);
  return (
    <Modal
      opened={organization !== null}
      onClose={onClose}
      title={t('editDialog.title')}
      closeButtonProps={{ 'aria-label': t('translation:common.close') }}
      centered
    >
      {shown && (
        // A fresh form per opening: nothing typed for one shows up for the next.
        <EditForm
          key={`${shown.id}:${shown.name}:${shown.address}`}
          organization={shown}
          onCancel={onClose}
          onUpdated={onUpdated}
        />
      )}
    </Modal>
  );
}
