// 'Add network' and 'Edit' of a WiFi network: its name, password (masked, with show), security,
// whether it is hidden and a note, checked with the contract before anything is sent. Editing
// starts with the password empty, which keeps the stored one: changing the note does not ask for
// the password again. The dialog and what was typed are gone once it closes.
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  SaveWifiSchema,
  type UpdateWifi,
  UpdateWifiSchema,
  WIFI_NOTE_MAX_LENGTH,
  WIFI_SECURITIES,
  type Wifi,
  type WifiSecurity,
} from '@portal/contracts/wifi';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { type CallFailure, callFailureOf } from '../../../lib/call-failure';
import { useContractForm } from '../../../lib/contract-form';
import { usePasswordCalls } from '../api/wifi-api';
import { NEW_WIFI, WIFI_FORM, type WifiFormValues, wifiValuesOf } from '../model/wifi-form-values';
import { WifiPasswordInput } from './wifi-password-input';

/** Phones get the whole screen for the form (the keyboard takes half of it). */
const SMALL_SCREEN = '(max-width: 36em)';

function WifiForm({
  propertyId,
  network,
  onCancel,
  onSaved,
}: {
  propertyId: string;
  network?: Wifi;
  onCancel: () => void;
  onSaved: (saved: Wifi) => void;
}) {
  const { t } = useTranslation('wifi');
  const { createWifi, updateWifi } = usePasswordCalls();
  const { form, onSubmit, showServerIssues } = useContractForm<WifiFormValues, UpdateWifi>(
    // Adding needs a password; a change may leave it empty to keep the stored one.
    network ? UpdateWifiSchema : SaveWifiSchema,
    { ...WIFI_FORM, initialValues: network ? wifiValuesOf(network) : NEW_WIFI },
  );
  const [security, setSecurity] = useState<WifiSecurity>(form.getValues().security);
  form.watch('security', ({ value }) => setSecurity(value));
  const [failure, setFailure] = useState<CallFailure>();

  async function save(body: UpdateWifi) {
    setFailure(undefined);
    try {
      onSaved(
        network
          ? await updateWifi({ propertyId, id: network.id, ...body })
          : await createWifi({ propertyId, ...body }),
      );
    } catch (error) {
      if (!showServerIssues(error)) setFailure(callFailureOf(error));
    }
  }

  const open = security === 'open';
  return (
    <form noValidate onSubmit={onSubmit(save)}>
      <Stack gap="md">
        <TextInput
          label={t('form.ssid')}
          description={t('form.ssidDescription')}
          size="md"
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          key={form.key('ssid')}
          name="ssid"
          {...form.getInputProps('ssid')}
        />
        <NativeSelect
          label={t('form.security')}
          description={t('form.securityDescription')}
          size="md"
          data={WIFI_SECURITIES.map((value) => ({ value, label: t(`security.${value}`) }))}
          key={form.key('security')}
          name="security"
          {...form.getInputProps('security')}
        />
        <WifiPasswordInput
          label={t('form.password')}
          description={
            open
              ? t('form.passwordOpen')
              : network?.hasPassword
                ? t('form.passwordKeep')
                : t('form.passwordDescription')
          }
          disabled={open}
          key={form.key('password')}
          name="password"
          {...form.getInputProps('password')}
        />
        <Switch
          label={t('form.hidden')}
          description={t('form.hiddenDescription')}
          size="md"
          key={form.key('hidden')}
          name="hidden"
          {...form.getInputProps('hidden', { type: 'checkbox' })}
        />
        <Textarea
          label={t('form.note')}
          description={t('form.noteDescription')}
          size="md"
          rows={3}
          maxLength={WIFI_NOTE_MAX_LENGTH}
          key={form.key('note')}
          name="note"
          {...form.getInputProps('note')}
        />
        {failure && (
          <FailureAlert
            failure={failure}
            namespace="wifi"
            title={t('form.failed')}
            forbiddenTitle={t('messages.noPermission')}
            onClose={() => setFailure(undefined)}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" color="blue.8" size="md" loading={form.submitting}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function WifiFormDialog({
  propertyId,
  network,
  opened,
  onClose,
  onSaved,
}: {
  propertyId: string;
  /** The network to change; none to add one. */
  network?: Wifi;
  opened: boolean;
  onClose: () => void;
  onSaved: (saved: Wifi) => void;
}) {
  const { t } = useTranslation('wifi');
  const { t: common } = useTranslation();
  const small = useMediaQuery(SMALL_SCREEN);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={network ? t('form.editTitle', { ssid: network.ssid }) : t('form.addTitle')}
      closeButtonProps={{ 'aria-label': common('common.close') }}
      fullScreen={small}
      centered
    >
      {opened && (
        <WifiForm
          key={network?.id ?? 'new'}
          propertyId={propertyId}
          network={network}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}
