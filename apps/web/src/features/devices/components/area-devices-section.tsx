// The devices on an area's own page: the same list as the area's devices screen, with the way
// there and, for site managers, to add one. Shown beside the area's details by the route module
// (app/routes/area.tsx): the areas feature does not know devices.
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Area } from '@portal/contracts/areas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsSiteManager } from '../../../api/current-user';
import { useGetAreaDevicesQuery } from '../../../api/devices';
import { useGetPropertyQuery } from '../../../api/properties';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { groupByType } from '../model/device-groups';
import { AreaDeviceList, type DeviceAlertKinds } from './area-device-list';

export function AreaDevicesSection({
  area,
  alertKinds,
}: {
  area: Area;
  /** Which devices are offline or a possible leak (from the alerts feature, via the route). */
  alertKinds?: DeviceAlertKinds;
}) {
  const { t } = useTranslation('devices');
  const devices = useGetAreaDevicesQuery(area.id);
  const property = useGetPropertyQuery(area.propertyId);
  const isSiteManager = useIsSiteManager(area.organizationId);
  const listHref = paths.areaDevices.href(area.propertyId, area.areaType, area.id);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="area-devices">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3" id="area-devices">
            {t('area.title')}
          </Title>
          <Anchor component={Link} c="blue.8" size="sm" to={listHref}>
            {t('area.show')}
          </Anchor>
        </Group>
        <QueryState queries={[devices, property]} failed={{ title: t('messages.fetchFailed') }}>
          {() =>
            devices.data && devices.data.length > 0 ? (
              <AreaDeviceList
                groups={groupByType(devices.data)}
                propertyId={area.propertyId}
                areaType={area.areaType}
                timeZone={property.data?.timeZone}
                headingLevel={3}
                alertKinds={alertKinds}
              />
            ) : (
              <Text c="dimmed">{t('list.empty')}</Text>
            )
          }
        </QueryState>
        {isSiteManager && (
          <Group>
            <Button
              component={Link}
              to={paths.areaNewDevice.href(area.propertyId, area.areaType, area.id)}
              color="blue.8"
              variant="outline"
            >
              {t('area.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
