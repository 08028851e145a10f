// What the priced types of a usage estimate cost together: so far, projected with its band and
// last year at today's prices — or that no price is set yet.
import { Card, Stack, Text, Title } from '@mantine/core';
import type { UsageEstimate } from '@portal/contracts/usage-estimate';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatKronor } from '../../../lib/kronor';
import { EnergyFigureList } from './energy-figure-list';

export function UsageTotalCost({ estimate }: { estimate: UsageEstimate }) {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  const kronor = (value: number) => formatKronor(value, language);
  const total = estimate.totalCost;
  const everyTypePriced = estimate.types.every((type) => type.cost !== null);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="usage-total">
      <Stack gap="sm">
        <Title order={2} size="h4" id="usage-total">
          {t('usage.total.title')}
        </Title>
        {total ? (
          <>
            <EnergyFigureList
              prominent
              figures={[
                { key: 'toDate', label: t('usage.cost.toDate'), value: kronor(total.toDate) },
                {
                  key: 'projected',
                  label: t('usage.cost.projected'),
                  value: kronor(total.projected.value),
                  hint: t('usage.band', {
                    low: kronor(total.projected.low),
                    high: kronor(total.projected.high),
                  }),
                },
                {
                  key: 'lastYear',
                  label: t('usage.cost.lastYear'),
                  value: total.lastYear === null ? t('usage.none') : kronor(total.lastYear),
                  hint: t('usage.cost.lastYearHint'),
                },
              ]}
            />
            {!everyTypePriced && (
              <Text size="sm" c="dimmed">
                {t('usage.total.partial')}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm">{t('usage.total.noPrices')}</Text>
        )}
      </Stack>
    </Card>
  );
}
