// The question asked before something is deleted or removed (SPEC §5's delete confirmations):
// what goes with it, and a cancel and a red confirm button.
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ConfirmDialog({
  opened,
  title,
  cancelLabel,
  confirmLabel,
  busy,
  onCancel,
  onConfirm,
  children,
}: {
  opened: boolean;
  title: string;
  cancelLabel: string;
  confirmLabel: string;
  /** The confirmed action is under way: the confirm button shows it and cannot be pressed again. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** What the action does, said in full. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Stack gap="lg">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button color="red.9" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
