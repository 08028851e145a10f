// The type filter above the property's areas: 'All' and each type that has areas, with counts.
// They are links (the type is part of the address, so it can be shared and comes back with the
// browser's back button); the quick filter's text goes along.
import { Button, Group } from '@mantine/core';
import { AREA_TYPES, type AreaType } from '@portal/contracts/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

function FilterLink({
  to,
  current,
  children,
}: {
  to: { pathname: string; search: string };
  current: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      component={Link}
      to={to}
      size="compact-sm"
      color="blue.8"
      variant={current ? 'filled' : 'default'}
      aria-current={current ? 'page' : undefined}
    >
      {children}
    </Button>
  );
}

export function PropertyAreasFilter({
  propertyId,
  selected,
  counts,
  search,
}: {
  propertyId: string;
  selected: AreaType | undefined;
  counts: Record<AreaType, number>;
  /** The address's search part ('?q=10'), kept when switching type. */
  search: string;
}) {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  const total = AREA_TYPES.reduce((sum, type) => sum + counts[type], 0);
  const types = AREA_TYPES.filter((type) => counts[type] > 0 || type === selected);
  return (
    <Group component="nav" aria-label={t('list.filter')} gap="xs">
      <FilterLink
        to={{ pathname: paths.propertyAreas.href(propertyId), search }}
        current={selected === undefined}
      >
        {t('list.all', { formatted: formatNumber(total, language) })}
      </FilterLink>
      {types.map((type) => (
        <FilterLink
          key={type}
          to={{ pathname: paths.propertyAreasOfType.href(propertyId, type), search }}
          current={type === selected}
        >
          {t('list.typeWithCount', {
            type: t(`typePlural.${type}`),
            formatted: formatNumber(counts[type], language),
          })}
        </FilterLink>
      ))}
    </Group>
  );
}
