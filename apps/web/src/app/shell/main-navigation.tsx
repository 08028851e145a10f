// The shell's navigation with SPEC §2's labels: the portal's sections always (start, properties,
// organizations, the organization's users), a property's pages while one is open, and an area's
// devices while an area is open — each only once the API has shown that the property or area
// exists, so an address of a property that is not there offers no pages of it.
import { NavLink, Stack, Text } from '@mantine/core';
import { type AreaType, isAreaType } from '@portal/contracts/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useParams } from 'react-router';
import { useGetAreaQuery } from '../../api/areas';
import { useGetPropertyQuery } from '../../api/properties';
import { paths } from '../../config/paths';

function Item({ to, label, onNavigate }: { to: string; label: ReactNode; onNavigate: () => void }) {
  return <NavLink component={RouterNavLink} to={to} end label={label} onClick={onNavigate} />;
}

export function MainNavigation({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const params = useParams();
  // The same queries the screens make: one request each, shared through the cache.
  const property = useGetPropertyQuery(params.propertyId ?? skipToken);
  const knownArea = useGetAreaQuery(
    params.propertyId && isAreaType(params.areaType) && params.areaId ? params.areaId : skipToken,
  );
  const propertyId = property.currentData ? params.propertyId : undefined;
  const area: { type: AreaType; id: string } | undefined =
    propertyId && isAreaType(params.areaType) && knownArea.currentData?.propertyId === propertyId
      ? { type: params.areaType, id: knownArea.currentData.id }
      : undefined;

  return (
    <Stack gap={4} component="nav" aria-label={t('nav.main')}>
      <Item to={paths.dashboard.href()} label={t('nav.dashboard')} onNavigate={onNavigate} />
      <Item to={paths.properties.href()} label={t('nav.properties')} onNavigate={onNavigate} />
      <Item
        to={paths.organizations.href()}
        label={t('nav.organizations')}
        onNavigate={onNavigate}
      />
      <Item to={paths.organizationUsers.href()} label={t('nav.users')} onNavigate={onNavigate} />
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
