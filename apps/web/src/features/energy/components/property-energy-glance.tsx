// A property's energy on its dashboard card: the energy class badge and this month's change per
// meter type against the same days last year ('Värme +12 %'). Every card reads its part of one
// overview call for all the cards shown (api: usePropertyEnergyGlance); the route module
// (app/routes/dashboard.tsx) puts it in the properties feature's cards.
import { Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UNSTYLED_LIST } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { usePropertyEnergyGlance } from '../api/energy-api';
import { EnergyClassBadge } from './energy-class-badge';
import { useMonthUseTexts } from './month-use-change';

/**
 * The height the glance keeps from the start, in px: a badge and up to three lines of changes (five
 * types), so the cards do not grow when the answer arrives after them (CLS).
 */
export const ENERGY_GLANCE_HEIGHT = 92;

export function PropertyEnergyGlance({
  propertyId,
  propertyIds,
}: {
  propertyId: string;
  /** Every property whose card is shown, in the cards' order: the one call's argument. */
  propertyIds: readonly string[];
}) {
  const { t } = useTranslation('energy');
  const { t: shared } = useTranslation();
  const texts = useMonthUseTexts();
  const { glance, answered, isLoading, isError, refetch } = usePropertyEnergyGlance(
    propertyId,
    propertyIds,
  );
  const changes = (glance?.byType ?? []).filter((use) => use.change !== null);
  // Estimated or simulated use is flagged once, beside the label: a flag per type would not fit
  // the lines the card keeps for it.
  const flags = [...new Set(changes.flatMap((use) => texts(use).flags))];

  function content() {
    if (isLoading) return <Skeleton height={ENERGY_GLANCE_HEIGHT - 8} radius="sm" />;
    if (isError && !answered)
      return (
        <Stack gap={4} align="flex-start">
          <Text size="sm" c="dimmed">
            {t('month.glanceFailed')}
          </Text>
          <Button variant="subtle" color="blue.8" size="compact-sm" onClick={() => void refetch()}>
            {shared('common.retry')}
          </Button>
        </Stack>
      );
    // A property the answer leaves out (not visible to the caller any more) shows nothing.
    if (!glance) return null;
    return (
      <Stack gap={6}>
        <EnergyClassBadge
          energyClass={glance.energyClass}
          to={paths.propertyEnergySummary.href(propertyId)}
          size="sm"
        />
        {glance.byType.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('month.noMeters')}
          </Text>
        ) : changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('month.noChange')}
          </Text>
        ) : (
          <Stack gap={2}>
            {/* One line whatever the flags: the card keeps its height (cut with an ellipsis). */}
            <Text size="xs" c="dimmed" truncate>
              {t('month.glanceLabel')}
              {flags.length > 0 && ` (${flags.join(', ')})`}
            </Text>
            {/* Close lines, wide columns: three lines hold all five types in the kept height. */}
            <Group component="ul" gap="md" m={0} p={0} style={{ ...UNSTYLED_LIST, rowGap: 0 }}>
              {changes.map((use) => {
                const text = texts(use);
                return (
                  <Text component="li" key={use.type} size="sm">
                    {t('month.changeOf', { type: text.type, change: text.change })}
                  </Text>
                );
              })}
            </Group>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Box mih={ENERGY_GLANCE_HEIGHT} aria-busy={isLoading}>
      {content()}
    </Box>
  );
}
