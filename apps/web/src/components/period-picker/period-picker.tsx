// Chooses the period a screen shows (SPEC §3: day, week, month, year, today, yesterday, this
// month, whole month, whole year, lifetime), steps it back and forth and picks its day, month or
// year from the kit's calendar; the choice lives in the address through usePeriodParams, which
// the screen also reads for its query.
import '@mantine/dates/styles.css';
import 'dayjs/locale/sv';
import { ActionIcon, Group, NativeSelect, Text, VisuallyHidden } from '@mantine/core';
import { DatePickerInput, DatesProvider, MonthPickerInput, YearPickerInput } from '@mantine/dates';
import { STATISTICS_FIRST_DATE } from '@portal/contracts/statistics';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { Chevron } from '../chevron';
import { periodLabel } from './period-label';
import { periodSteps } from './period-params';
import type { PeriodParams } from './use-period-params';

/** One period back or on; disabled at today's period and at 2000. */
function StepButton({
  direction,
  params,
}: {
  direction: 'previous' | 'next';
  params: PeriodParams;
}) {
  const { t } = useTranslation('charts');
  return (
    <ActionIcon
      variant="default"
      size="input-sm"
      aria-label={t(`period.${direction}`)}
      disabled={!params.canStep[direction]}
      onClick={() => params.step(direction === 'previous' ? -1 : 1)}
    >
      <Chevron direction={direction} />
    </ActionIcon>
  );
}

/** The calendar each period picks from: days (a week by any of its days), months or years. */
const PICKER = {
  day: DatePickerInput,
  week: DatePickerInput,
  month: MonthPickerInput,
  totalMonth: MonthPickerInput,
  year: YearPickerInput,
  totalYear: YearPickerInput,
} as const;

/**
 * The period as a native select rather than the kit's combobox: ten fixed choices, and on a phone
 * the system's own picker is the one people know. The shown period is a button that opens the
 * kit's calendar, written as the period's name (`Vecka 47, 16–22 nov. 2026`) rather than a day.
 * Relative periods (today, this month, lifetime) have no steps and no calendar.
 */
export function PeriodPicker({ params }: { params: PeriodParams }) {
  const { t, i18n } = useTranslation('charts');
  const language = currentLanguage(i18n);
  const { period, periods, date, today, setPeriod, setDate } = params;
  const label = periodLabel(params, {
    timeZone: params.timeZone,
    language,
    now: Date.now(),
    texts: {
      week: (week, range) => t('period.week', { week, range }),
      lifetime: t('period.options.lifetime'),
    },
  });
  const Picker = period in PICKER ? PICKER[period as keyof typeof PICKER] : null;
  const steps = periodSteps(period);
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 1 }}>
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
        <Group gap={4} wrap="nowrap" align="flex-end" miw={0}>
          {steps && <StepButton direction="previous" params={params} />}
          {Picker ? (
            <Picker
              label={t('period.date')}
              value={date}
              onChange={(value: string | null) => {
                if (value) setDate(value);
              }}
              valueFormatter={() => label}
              minDate={STATISTICS_FIRST_DATE}
              maxDate={today}
              miw={0}
            />
          ) : (
            <Text fw={500} py={6}>
              {label}
            </Text>
          )}
          {steps && <StepButton direction="next" params={params} />}
        </Group>
        {/* What a step or a pick changed to, for those who cannot see it change. */}
        <VisuallyHidden aria-live="polite" aria-atomic>
          {label}
        </VisuallyHidden>
      </Group>
    </DatesProvider>
  );
}
