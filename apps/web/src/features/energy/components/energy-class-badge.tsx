// A property's energy class as a badge in the scale's colour ('Energiklass C'), leading to its
// energy summary where a link is given; 'No energy class' where none can be given.
import { Badge, Text } from '@mantine/core';
import type { EnergyClass } from '@portal/contracts/energy-summary';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLASS_BORDER, ENERGY_CLASS_COLORS } from '../model/energy-class-colors';

export function EnergyClassBadge({
  energyClass,
  to,
  size = 'md',
}: {
  energyClass: EnergyClass | null;
  /** Given, the badge is a link there (the property's energy summary). */
  to?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation('energy');
  if (energyClass === null)
    return (
      <Text size="sm" c="dimmed">
        {t('class.none')}
      </Text>
    );
  const { background, text } = ENERGY_CLASS_COLORS[energyClass];
  const style = { backgroundColor: background, color: text, border: CLASS_BORDER };
  const label = t('class.badge', { energyClass });
  return to ? (
    <Badge
      component={Link}
      to={to}
      size={size}
      tt="none"
      style={{ ...style, cursor: 'pointer' }}
      // The visible words first, so a voice command naming them finds the link (WCAG 2.5.3).
      aria-label={t('class.toSummary', { energyClass })}
    >
      {label}
    </Badge>
  ) : (
    <Badge size={size} tt="none" style={style}>
      {label}
    </Badge>
  );
}
