// One recorded replacement: when (on the property's clock), the old meter's final reading and the
// new one's first as the displays show them, who recorded it, and for site managers delete after
// a confirmation that says what deleting does.
import { Button, Group, Stack, Text } from '@mantine/core';
import type { MeterReplacement } from '@portal/contracts/meter-replacements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { displayedReading } from '../model/displayed-reading';

export function MeterReplacementItem({
  replacement,
  timeZone,
  canDelete,
  deleting,
  onDelete,
}: {
  replacement: MeterReplacement;
  timeZone: string;
  canDelete: boolean;
  deleting: boolean;
  /** Deletes it; settles when the call has, whatever its outcome. */
  onDelete: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation('devices');
  const language = currentLanguage(i18n);
  const [confirming, setConfirming] = useState(false);
  const time = formatDate(new Date(replacement.at), language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const reading = (value: number) => displayedReading(value, replacement.unit, language);

  return (
    <Stack gap={4} py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Text fw={600}>
        <time dateTime={replacement.at}>{time}</time>
      </Text>
      <Text>{t('meterReplacements.item.oldFinal', { value: reading(replacement.oldFinal) })}</Text>
      <Text>{t('meterReplacements.item.newFirst', { value: reading(replacement.newFirst) })}</Text>
      <Text size="sm" c="dimmed" style={BREAK_LONG_WORDS}>
        {replacement.userEmail
          ? t('meterReplacements.item.by', { email: replacement.userEmail })
          : t('meterReplacements.item.byGone')}
      </Text>
      {canDelete && (
        <Group>
          <Button
            variant="outline"
            color="red.9"
            size="compact-md"
            aria-label={t('meterReplacements.item.deleteLabel', { time })}
            onClick={() => setConfirming(true)}
          >
            {t('meterReplacements.item.delete')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('meterReplacements.delete.title')}
        cancelLabel={t('meterReplacements.delete.cancel')}
        confirmLabel={t('meterReplacements.delete.confirm')}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onDelete().finally(() => setConfirming(false))}
      >
        <Text>{t('meterReplacements.delete.text', { time })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
