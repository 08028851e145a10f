// One slot of a door's or keypad's PIN codes: its number, label, the code as ••••, its state in
// words, and for site managers enable or disable, change the code, send a failed change again and
// delete (with its confirmation).
import { Button, Group, Stack, Text } from '@mantine/core';
import type { PinCode } from '@portal/contracts/pin-codes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCodeCalls,
  useDeletePinCodeMutation,
  useUpdatePinCodeMutation,
} from '../../../api/pin-codes';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { PinNotice } from '../model/pin-notice';
import { PinCodeBadges } from './pin-code-badges';
import { PinCodeChangeDialog } from './pin-code-change-dialog';

export type SlotActionFailure = { action: 'change' | 'delete'; error: unknown };

export function PinCodeSlotItem({
  slot,
  propertyId,
  canChange,
  onStart,
  onDone,
  onFailure,
}: {
  slot: PinCode;
  propertyId: string;
  canChange: boolean;
  onStart: () => void;
  onDone: (notice: PinNotice) => void;
  onFailure: (failure: SlotActionFailure) => void;
}) {
  const { t, i18n } = useTranslation('pinCodes');
  const number = formatNumber(slot.slot, currentLanguage(i18n));
  const owner = { id: slot.id, deviceId: slot.deviceId, propertyId };
  const [updatePinCode, update] = useUpdatePinCodeMutation();
  const [deletePinCode, deletion] = useDeletePinCodeMutation();
  const { updatePinCode: sendCode } = useCodeCalls();
  const [sendingCode, setSendingCode] = useState(false);
  const [changing, setChanging] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const forSlot = (action: string) => t('actions.forSlot', { action, slot: number });

  /** A change that sends no code (enable, disable, send again); a new code goes by sendCode. */
  async function change(body: { status?: PinCode['status'] }, kind: PinNotice['kind']) {
    onStart();
    try {
      await updatePinCode({ ...owner, ...body }).unwrap();
      onDone({ kind, slot: slot.slot });
    } catch (error) {
      onFailure({ action: 'change', error });
    }
  }

  async function remove() {
    onStart();
    try {
      await deletePinCode(owner).unwrap();
      onDone({ kind: 'deleted', slot: slot.slot });
    } catch (error) {
      onFailure({ action: 'delete', error });
    } finally {
      setConfirmingDelete(false);
    }
  }

  return (
    <Stack gap={6} py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="sm" wrap="wrap">
        <Text fw={600}>{t('section.slot', { slot: number })}</Text>
        <Text ff="monospace" aria-label={t('section.codeHidden')}>
          {t('section.masked')}
        </Text>
        <PinCodeBadges slot={slot} />
      </Group>
      {slot.label && <Text style={BREAK_LONG_WORDS}>{slot.label}</Text>}
      {canChange && !slot.clearing && (
        <Group gap="xs" wrap="wrap">
          <Button
            variant="light"
            color="blue.9"
            size="compact-md"
            aria-label={forSlot(
              t(slot.status === 'enabled' ? 'actions.disable' : 'actions.enable'),
            )}
            loading={update.isLoading}
            onClick={() =>
              void change({ status: slot.status === 'enabled' ? 'disabled' : 'enabled' }, 'changed')
            }
          >
            {t(slot.status === 'enabled' ? 'actions.disable' : 'actions.enable')}
          </Button>
          <Button
            variant="light"
            color="blue.9"
            size="compact-md"
            aria-label={forSlot(t('actions.change'))}
            onClick={() => setChanging(true)}
          >
            {t('actions.change')}
          </Button>
          {slot.sync === 'failed' && (
            <Button
              variant="light"
              color="blue.9"
              size="compact-md"
              aria-label={forSlot(t('actions.resend'))}
              onClick={() => void change({}, 'resent')}
            >
              {t('actions.resend')}
            </Button>
          )}
          <Button
            variant="outline"
            color="red.9"
            size="compact-md"
            aria-label={forSlot(t('actions.delete'))}
            onClick={() => setConfirmingDelete(true)}
          >
            {t('actions.delete')}
          </Button>
        </Group>
      )}
      {canChange && slot.clearing && slot.sync === 'failed' && (
        <Group>
          <Button
            variant="light"
            color="blue.9"
            size="compact-md"
            aria-label={forSlot(t('actions.resend'))}
            onClick={() => void remove()}
          >
            {t('actions.resend')}
          </Button>
        </Group>
      )}
      <PinCodeChangeDialog
        slot={slot.slot}
        opened={changing}
        busy={sendingCode}
        onCancel={() => setChanging(false)}
        onSave={async (code) => {
          setSendingCode(true);
          try {
            await sendCode({ ...owner, code });
          } finally {
            setSendingCode(false);
          }
          setChanging(false);
          onDone({ kind: 'changed', slot: slot.slot });
        }}
      />
      <ConfirmDialog
        opened={confirmingDelete}
        title={t('delete.title')}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        busy={deletion.isLoading}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => void remove()}
      >
        <Text>{t('delete.text', { slot: number })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
