// An area's devices by type, each leading to its own page: its name or id, and beneath it what
// tells one meter from the next on a phone (the id, the use, main meter, slots) and when it was
// last heard from; a device that is news (offline, a possible leak) says so beside its name.
import { Badge, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import type { Device } from '@portal/contracts/devices';
import type { AlertKind, AreaType } from '@portal/contracts/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BREAK_LONG_WORDS, UNSTYLED_LIST } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { DeviceGroup } from '../model/device-groups';
import { deviceLabel } from '../model/device-name';
import { formatDeviceTime } from '../model/device-time';

function DeviceDescription({ device, timeZone }: { device: Device; timeZone?: string }) {
  const { t, i18n } = useTranslation('devices');
  const language = currentLanguage(i18n);
  const facts = [
    device.name ? device.idNumber : undefined,
    device.role ? t(`role.${device.role}`) : undefined,
    device.slotCount === null
      ? undefined
      : t('list.slots', {
          count: device.slotCount,
          formatted: formatNumber(device.slotCount, language),
        }),
    device.lastSeenAt
      ? t('list.lastSeen', { time: formatDeviceTime(device.lastSeenAt, language, timeZone) })
      : t('list.neverSeen'),
  ].filter((fact) => fact !== undefined);
  return (
    <Text component="span" size="sm" c="dimmed" style={BREAK_LONG_WORDS}>
      {facts.join(' · ')}
    </Text>
  );
}

/** A device's open alerts, by device id (the alerts feature's, handed in by a route module). */
export type DeviceAlertKinds = (deviceId: string) => readonly AlertKind[];

const ALERT_COLORS = { offline: 'red.9', leak: 'cyan.9' } as const;

export function AreaDeviceList({
  groups,
  propertyId,
  areaType,
  timeZone,
  headingLevel = 2,
  alertKinds,
}: {
  groups: DeviceGroup[];
  propertyId: string;
  areaType: AreaType;
  timeZone?: string;
  /** The level of each type's heading: 3 inside a section of a page. */
  headingLevel?: 2 | 3;
  alertKinds?: DeviceAlertKinds;
}) {
  const { t, i18n } = useTranslation('devices');
  const language = currentLanguage(i18n);
  return (
    <Stack gap="lg">
      {groups.map(({ type, devices }) => (
        <Stack gap={4} component="section" key={type} aria-labelledby={`devices-${type}`}>
          <Group gap="xs">
            <Title order={headingLevel} size="h4" id={`devices-${type}`}>
              {t(`typePlural.${type}`)}
            </Title>
            <Badge variant="light" color="blue.8">
              {formatNumber(devices.length, language)}
            </Badge>
          </Group>
          <Stack component="ul" gap={0} m={0} p={0} style={UNSTYLED_LIST}>
            {devices.map((device) => (
              <li key={device.id}>
                <NavLink
                  component={Link}
                  to={paths.device.href(propertyId, areaType, device.areaId, type, device.id)}
                  label={
                    <Group gap="xs" component="span">
                      <Text component="span" fw={600} style={BREAK_LONG_WORDS}>
                        {deviceLabel(device)}
                      </Text>
                      {device.main && (
                        <Badge component="span" size="sm" variant="outline" color="blue.8">
                          {t('list.main')}
                        </Badge>
                      )}
                      {device.idFormatConfirmed && (
                        <Badge component="span" size="sm" variant="outline" color="orange.9">
                          {t('list.confirmed')}
                        </Badge>
                      )}
                      {alertKinds?.(device.id).map((kind) => (
                        <Badge
                          key={kind}
                          component="span"
                          size="sm"
                          variant="filled"
                          color={ALERT_COLORS[kind]}
                        >
                          {t(`alerts.${kind}`)}
                        </Badge>
                      ))}
                    </Group>
                  }
                  description={<DeviceDescription device={device} timeZone={timeZone} />}
                  py="sm"
                />
              </li>
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
