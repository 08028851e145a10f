// The shell's navigation with SPEC §2's labels: the portal's sections always (start, properties,
// organizations), a property's pages while one is open, and an area's devices while an area is
// open.
import { NavLink, Stack, Text } from '@mantine/core';
import { type AreaType, isAreaType } from '@portal/contracts/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useParams } from 'react-router';
import { paths } from '../../config/paths';

function Item({ to, label, onNavigate }: { to: string; label: ReactNode; onNavigate: () => void }) {
  return <NavLink component={RouterNavLink} to={to} end label={label} onClick={onNavigate} />;
}

export function MainNavigation({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { propertyId, areaType, areaId } = useParams();
  const area: { type: AreaType; id: string } | undefined =
    isAreaType(areaType) && areaId ? { type: areaType, id: areaId } : undefined;

  return (
    <Stack gap={4} component="nav" aria-label={t('nav.main')}>
      <Item to={paths.dashboard.href()} label={t('nav.dashboard')} onNavigate={onNavigate} />
      <Item to={paths.properties.href()} label={t('nav.properties')} onNavigate={onNavigate} />
      <Item
        to={paths.organizations.href()}
        label={t('nav.organizations')}
        onNavigate={onNavigate}
      />
      {propertyId && (
        <>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} mt="md" px="sm">
            {t('nav.property')}
          </Text>
          <Item
            to={paths.propertyAreas.href(propertyId)}
            label={t('nav.areas')}
            onNavigate={onNavigate}
          />
          <Item
            to={paths.propertyCompare.href(propertyId)}
            label={t('nav.compare')}
            onNavigate={onNavigate}
          />
          <Item
            to={paths.propertyUsage.href(propertyId)}
            label={t('nav.usage')}
            onNavigate={onNavigate}
          />
          <Item
            to={paths.propertyData.href(propertyId)}
            label={t('nav.export')}
            onNavigate={onNavigate}
          />
          <Item
            to={paths.propertySolar.href(propertyId)}
            label={t('nav.solar')}
            onNavigate={onNavigate}
          />
          <Item
            to={paths.propertyWifi.href(propertyId)}
            label={t('nav.wifi')}
            onNavigate={onNavigate}
          />
        </>
      )}
      {propertyId && area && (
        <>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} mt="md" px="sm">
            {t('nav.area')}
          </Text>
          <Item
            to={paths.areaDevices.href(propertyId, area.type, area.id)}
            label={t('nav.devices')}
            onNavigate={onNavigate}
          />
        </>
      )}
    </Stack>
  );
}
