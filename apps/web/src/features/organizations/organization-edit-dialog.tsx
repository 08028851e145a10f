// Changing an organization's name and address in a dialog over the list; a failure keeps the
// dialog open with what was typed, a success closes it and the list says 'Updated'.
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { Organization } from '@portal/contracts/organizations';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateOrganizationMutation } from '../../api/organizations';
import { Notice } from '../../components/notice';
import {
  checkOrganization,
  OrganizationFields,
  type OrganizationProblems,
  type OrganizationValues,
} from './organization-fields';

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
  const [values, setValues] = useState<OrganizationValues>({
    name: organization.name,
    address: organization.address,
  });
  const [problems, setProblems] = useState<OrganizationProblems>({});
  const [failed, setFailed] = useState(false);
  /** From sending until the list has taken the change in (onUpdated settles). */
  const [saving, setSaving] = useState(false);
  const [updateOrganization] = useUpdateOrganizationMutation();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkOrganization(values);
    setProblems(checked.ok ? {} : checked.problems);
    if (!checked.ok) return;
    setFailed(false);
    setSaving(true);
    try {
      await updateOrganization({ id: organization.id, ...checked.organization }).unwrap();
    } catch {
      setFailed(true);
      setSaving(false);
      return;
    }
    await onUpdated();
    setSaving(false);
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="lg">
        <OrganizationFields values={values} problems={problems} onChange={setValues} />
        {failed && <Notice kind="failure" title={t('editDialog.failed')} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="blue.8" loading={saving}>
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
