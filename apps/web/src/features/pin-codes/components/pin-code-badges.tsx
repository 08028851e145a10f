// A slot's state in words (never colour alone): enabled or disabled, and where its latest change
// stands on the lock — waiting, on the lock, failed, or being removed.
import { Badge, Group } from '@mantine/core';
import type { PinCode } from '@portal/contracts/pin-codes';
import { useTranslation } from 'react-i18next';

const SYNC_COLOR = { pending: 'yellow.9', applied: 'teal.9', failed: 'red.9' } as const;

export function PinCodeBadges({ slot }: { slot: PinCode }) {
  const { t } = useTranslation('pinCodes');
  return (
    <Group gap={6}>
      {!slot.clearing && (
        <Badge variant="outline" color={slot.status === 'enabled' ? 'blue.9' : 'gray.8'}>
          {t(`status.${slot.status}`)}
        </Badge>
      )}
      <Badge
        variant="light"
        color={SYNC_COLOR[slot.sync]}
        // Yellow text on its tint is too faint for a badge's small letters (axe): dark text on it.
        c={slot.sync === 'pending' ? 'dark.8' : undefined}
      >
        {slot.clearing && slot.sync === 'pending' ? t('sync.clearing') : t(`sync.${slot.sync}`)}
      </Badge>
    </Group>
  );
}
