// The energy class scale A–G as the familiar coloured steps (green A … red G), each with its bounds
// as a share of the requirement (and in kWh/m² where the requirement is known), the property's
// class marked in words as well as by its frame: an ordered list, readable without the colours.
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { EnergyClass, EnergySummary } from '@portal/contracts/energy-summary';
import { useTranslation } from 'react-i18next';
import { UNSTYLED_LIST } from '../../../components/text-styles';
import { formatKwhPerSquareMetre, formatShare } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { CLASS_BORDER, ENERGY_CLASS_COLORS } from '../model/energy-class-colors';

type Step = EnergySummary['classScale'][number];

/** The narrowest step's width and how much each next one adds: the scale's staircase. */
const FIRST_WIDTH_REM = 2.5;
const STEP_WIDTH_REM = 0.75;

export function EnergyClassScale({
  scale,
  current,
  requirementKwhPerM2,
}: {
  /** The rule set's scale, A first. */
  scale: Step[];
  /** The property's class; null marks none. */
  current: EnergyClass | null;
  /** The requirement the shares are of; null leaves the bounds in shares only. */
  requirementKwhPerM2: number | null;
}) {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  const share = (value: number) => formatShare(value, language);

  function bounds(step: Step, lower: number | null) {
    const shares =
      step.upToShare === null
        ? t('scale.last', { lower: share(lower ?? 0) })
        : lower === null
          ? t('scale.first', { upper: share(step.upToShare) })
          : t('scale.between', { lower: share(lower), upper: share(step.upToShare) });
    if (requirementKwhPerM2 === null || step.upToShare === null) return shares;
    const upTo = formatKwhPerSquareMetre(step.upToShare * requirementKwhPerM2, language);
    return `${shares} (${t('scale.upTo', { value: upTo })})`;
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="energy-class-scale">
      <Title order={2} size="h4" id="energy-class-scale">
        {t('scale.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('scale.description')}
      </Text>
      <Stack component="ol" gap={6} m={0} p={0} style={UNSTYLED_LIST}>
        {scale.map((step, index) => {
          const isCurrent = step.energyClass === current;
          const { background, text } = ENERGY_CLASS_COLORS[step.energyClass];
          return (
            <Group
              component="li"
              key={step.energyClass}
              gap="sm"
              wrap="nowrap"
              align="center"
              aria-current={isCurrent ? 'true' : undefined}
            >
              <Box
                px="sm"
                py={2}
                fw={700}
                style={{
                  flex: 'none',
                  width: `${FIRST_WIDTH_REM + index * STEP_WIDTH_REM}rem`,
                  backgroundColor: background,
                  color: text,
                  border: CLASS_BORDER,
                  // The current step stands out by a thick frame too, not by colour alone.
                  outline: isCurrent ? '3px solid var(--mantine-color-dark-9)' : undefined,
                  outlineOffset: 2,
                  borderRadius: '0 999px 999px 0',
                }}
              >
                {step.energyClass}
              </Box>
              <Stack gap={0}>
                <Text size="sm">
                  {bounds(step, index > 0 ? (scale[index - 1]?.upToShare ?? null) : null)}
                </Text>
                {isCurrent && (
                  <Text size="sm" fw={700}>
                    {t('scale.current')}
                  </Text>
                )}
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
