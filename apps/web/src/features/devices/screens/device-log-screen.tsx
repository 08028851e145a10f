// A property's device log (issue 11; the route is docs/devices.md's addition to SPEC §2): who
// added, changed or deleted which device and when, newest first, a page at a time. A device's id
// narrows it to that device (`?device=`, also the device page's link), so a meter's history is
// one tap away in a basement; the whole log is one tap back.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useGetDeviceLogInfiniteQuery } from '../../../api/devices';
import { itemsOf } from '../../../api/pages';
import { useGetPropertyQuery } from '../../../api/properties';
import { AreasNotFound } from '../../../components/areas-not-found';
import { QueryState } from '../../../components/query-state';
import { ShowMore } from '../../../components/show-more';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { DEVICE_PARAM, paths } from '../../../config/paths';
import { DeviceLogList } from '../components/device-log-list';

/** The device a log is narrowed to: a UUID, or none (anything else names no device). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function DeviceLog({ property, deviceId }: { property: Property; deviceId?: string }) {
  const { t } = useTranslation('devices');
  const log = useGetDeviceLogInfiniteQuery({ propertyId: property.id, deviceId });
  const entries = itemsOf(log.data);
  // The entries name the device as it was kept at each change; the newest is how it is now.
  const deviceName = entries[0]?.idNumber;

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor component={Link} c="blue.8" size="sm" to={paths.propertyOverview.href(property.id)}>
          {property.name}
        </Anchor>
        <Title order={1} style={BREAK_LONG_WORDS}>
          {deviceId && deviceName ? t('log.ofDevice', { device: deviceName }) : t('log.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {deviceId ? t('log.introOfDevice') : t('log.intro')}
        </Text>
      </Stack>
      {deviceId && (
        <Anchor component={Link} c="blue.8" to={paths.propertyDeviceLog.href(property.id)}>
          {t('log.showAll')}
        </Anchor>
      )}
      <QueryState queries={[log]} failed={{ title: t('log.fetchFailed') }}>
        {() =>
          entries.length === 0 ? (
            <Text>{deviceId ? t('log.emptyOfDevice') : t('log.empty')}</Text>
          ) : (
            <Stack gap="md">
              <DeviceLogList
                entries={entries}
                propertyId={property.id}
                timeZone={property.timeZone}
                filtered={deviceId !== undefined}
              />
              <ShowMore pages={log} label={t('log.more')} />
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

export default function DeviceLogScreen() {
  const { t } = useTranslation('devices');
  const { propertyId = '' } = useParams();
  const [search] = useSearchParams();
  const named = search.get(DEVICE_PARAM);
  const property = useGetPropertyQuery(propertyId);

  return (
    <QueryState
      queries={[property]}
      notFound={<AreasNotFound subject="property" propertyId={propertyId} />}
      failed={{ title: t('log.fetchFailed') }}
      failedFrame={(alert) => (
        <Stack gap="lg" maw={720}>
          <Title order={1}>{t('log.title')}</Title>
          {alert}
        </Stack>
      )}
    >
      {() =>
        property.data && (
          <DeviceLog
            key={`${propertyId} ${named ?? ''}`}
            property={property.data}
            deviceId={named && UUID.test(named) ? named : undefined}
          />
        )
      }
    </QueryState>
  );
}
