// Chooses the period a screen shows (SPEC §3: day, week, month, year, today, yesterday, this
// month, whole month, whole year, lifetime) and steps it back and forth; the choice lives in the
// address through usePeriodParams, which the screen also reads for its query.
import { ActionIcon, Group, NativeSelect, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { periodLabel } from './period-label';
import { periodSteps } from './period-params';
import type { PeriodParams } from './use-period-params';

/** A chevron pointing back (‹) or on (›); the button names it. */
function Chevron({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden focusable="false">
      <path
        d={direction === 'previous' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A native select rather than the kit's combobox: ten fixed choices, and on a phone the system's
 * own picker is the one people know. Steps are hidden for relative periods (today, this month,
 * lifetime), which have nowhere to go.
 */
export function PeriodPicker({ params }: { params: PeriodParams }) {
  const { t, i18n } = useTranslation('charts');
  const language = currentLanguage(i18n);
  const { period, periods, setPeriod, step, canStep } = params;
  const label = periodLabel(params, {
    timeZone: params.timeZone,
    language,
    now: Date.now(),
    texts: {
      week: (week, range) => t('period.week', { week, range }),
      lifetime: t('period.options.lifetime'),
    },
  });
  const steps = periodSteps(period);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('period.label')}
        value={period}
        onChange={(event) => {
          const next = periods.find((one) => one === event.currentTarget.value);
          if (next) setPeriod(next);
        }}
        data={periods.map((one) => ({ value: one, label: t(`period.options.${one}`) }))}
      />
      <Group gap={4} wrap="nowrap" align="center" mih={36}>
        {steps && (
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('period.previous')}
            disabled={!canStep.previous}
            onClick={() => step(-1)}
          >
            <Chevron direction="previous" />
          </ActionIcon>
        )}
        <Text fw={500} aria-live="polite" aria-atomic px={4}>
          <VisuallyHidden>{t('period.date')}: </VisuallyHidden>
          {label}
        </Text>
        {steps && (
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('period.next')}
            disabled={!canStep.next}
            onClick={() => step(1)}
          >
            <Chevron direction="next" />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}
