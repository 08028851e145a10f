// An area's devices (SPEC §2 …/{areaId}/devices): by type, with when each was last heard from.
// Site managers of the area's organization add devices one at a time or import a file; while the
// area has no gateway they are told so and offered one first (DESIGN §5: gateway first). Anyone
// may open the property's device log. A link with the wrong area type is corrected; an unknown
// area is not found.
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Area } from '@portal/contracts/areas';
import type { Device } from '@portal/contracts/devices';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useGetAreaQuery } from '../../../api/areas';
import { useIsSiteManager } from '../../../api/current-user';
import { useGetAreaDevicesQuery } from '../../../api/devices';
import { useGetPropertyQuery } from '../../../api/properties';
import { AreasNotFound } from '../../../components/areas-not-found';
import { QueryState } from '../../../components/query-state';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { useCanonicalAreaUrl } from '../../../lib/area-canonical-url';
import { useAreaLabel } from '../../../lib/area-name';
import { useArrivalState } from '../../../lib/arrival-state';
import { AreaDeviceList } from '../components/area-device-list';
import { DeviceNoticeAlert } from '../components/device-notice-alert';
import { NoGateway } from '../components/no-gateway';
import { groupByType, hasGateway } from '../model/device-groups';
import { deviceNoticeIn } from '../model/device-notice';
import { typeSearch } from '../model/device-type-param';

function ManagerActions({ area }: { area: Area }) {
  const { t } = useTranslation('devices');
  return (
    <Group gap="sm">
      <Button
        component={Link}
        to={paths.areaNewDevice.href(area.propertyId, area.areaType, area.id)}
        color="blue.8"
      >
        {t('list.newDevice')}
      </Button>
      <Button
        component={Link}
        to={paths.areaDevicesImport.href(area.propertyId, area.areaType, area.id)}
        color="blue.8"
        variant="outline"
      >
        {t('list.import')}
      </Button>
    </Group>
  );
}

function AreaDevices({
  area,
  devices,
  property,
}: {
  area: Area;
  devices: Device[];
  property: Property;
}) {
  const { t } = useTranslation('devices');
  const label = useAreaLabel();
  const isSiteManager = useIsSiteManager(area.organizationId);
  const [notice, dismissNotice] = useArrivalState(deviceNoticeIn);
  const groups = groupByType(devices);

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor
          component={Link}
          c="blue.8"
          size="sm"
          to={paths.area.href(area.propertyId, area.areaType, area.id)}
        >
          {t('list.back', { area: label(area) })}
        </Anchor>
        <Title order={1} style={BREAK_LONG_WORDS}>
          {t('list.titleOf', { area: label(area) })}
        </Title>
      </Stack>
      <DeviceNoticeAlert notice={notice} onClose={dismissNotice} />
      {isSiteManager && <ManagerActions area={area} />}
      {!hasGateway(devices) && (
        <NoGateway
          hint={t('list.noGatewayHint')}
          gatewayHref={
            isSiteManager
              ? `${paths.areaNewDevice.href(area.propertyId, area.areaType, area.id)}${typeSearch('gw')}`
              : undefined
          }
        />
      )}
      {groups.length === 0 ? (
        <Stack gap={4}>
          <Text fw={600}>{t('list.empty')}</Text>
          <Text c="dimmed" size="sm">
            {isSiteManager ? t('list.emptyHintManager') : t('list.emptyHintUser')}
          </Text>
        </Stack>
      ) : (
        <AreaDeviceList
          groups={groups}
          propertyId={area.propertyId}
          areaType={area.areaType}
          timeZone={property.timeZone}
        />
      )}
      <Anchor component={Link} c="blue.8" to={paths.propertyDeviceLog.href(area.propertyId)}>
        {t('list.log')}
      </Anchor>
    </Stack>
  );
}

export default function AreaDevicesScreen() {
  const { t } = useTranslation('devices');
  const { propertyId = '', areaId = '' } = useParams();
  const areaQuery = useGetAreaQuery(areaId);
  const devicesQuery = useGetAreaDevicesQuery(areaId);
  // The property's clock for 'last seen' (the shell's menu has fetched it already).
  const propertyQuery = useGetPropertyQuery(propertyId);
  const area = areaQuery.data;
  useCanonicalAreaUrl(area, paths.areaDevices.href);

  return (
    <QueryState
      queries={[areaQuery, devicesQuery, propertyQuery]}
      notFound={<AreasNotFound subject="area" propertyId={propertyId} />}
      failed={{ title: t('messages.fetchFailed') }}
      failedFrame={(alert) => (
        <Stack gap="lg" maw={720}>
          <Title order={1}>{t('list.title')}</Title>
          {alert}
        </Stack>
      )}
    >
      {() =>
        area &&
        devicesQuery.data &&
        propertyQuery.data && (
          <AreaDevices
            key={area.id}
            area={area}
            devices={devicesQuery.data}
            property={propertyQuery.data}
          />
        )
      }
    </QueryState>
  );
}
