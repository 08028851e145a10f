// Chooses the usage estimate's window: a year or a month (a native select: two choices, the
// system's picker on a phone), stepped back and forth with buttons, its name said after a step.
import { ActionIcon, Group, NativeSelect, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Chevron } from '../../../components/chevron';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import {
  canStepUsageWindow,
  stepUsageWindow,
  switchUsagePeriod,
  type UsageWindow,
} from '../model/usage-window';

/** A window's name: '2026', 'november 2026', 'November 2026'. */
export function useUsageWindowName(window: UsageWindow) {
  const { i18n } = useTranslation();
  if (window.period === 'year') return String(window.year);
  const [year = 0, month = 1] = window.month.split('-').map(Number);
  return formatDate(new Date(Date.UTC(year, month - 1, 15)), currentLanguage(i18n), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function UsageWindowPicker({
  window,
  today,
  onChange,
}: {
  window: UsageWindow;
  /** Today in the property's zone: no window after the one holding it. */
  today: string;
  onChange: (window: UsageWindow) => void;
}) {
  const { t } = useTranslation('energy');
  const name = useUsageWindowName(window);
  const step = (direction: 'previous' | 'next') => (
    <ActionIcon
      variant="default"
      size="input-sm"
      aria-label={t(`usage.${direction}.${window.period}`)}
      disabled={!canStepUsageWindow(window, direction === 'previous' ? -1 : 1, today)}
      onClick={() => onChange(stepUsageWindow(window, direction === 'previous' ? -1 : 1))}
    >
      <Chevron direction={direction} />
    </ActionIcon>
  );
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('usage.period')}
        data={(['year', 'month'] as const).map((period) => ({
          value: period,
          label: t(`usage.periods.${period}`),
        }))}
        value={window.period}
        onChange={(event) =>
          onChange(
            switchUsagePeriod(window, event.currentTarget.value as UsageWindow['period'], today),
          )
        }
      />
      <Group gap={6} wrap="nowrap" align="center">
        {step('previous')}
        <Text fw={600} miw="8rem" ta="center" aria-hidden>
          {name}
        </Text>
        {step('next')}
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {t('usage.shown', { window: name })}
      </VisuallyHidden>
    </Group>
  );
}
