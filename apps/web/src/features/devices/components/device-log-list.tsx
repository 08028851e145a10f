// The entries of a device log, newest first: what was done to which device, by whom and when, in
// the property's time zone (a PIN code's entry names its slot and what was done to it). A device's id narrows the log to it (it may be gone: its entries stay).
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { DeviceLogEntry } from '@portal/contracts/devices';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BREAK_LONG_WORDS, UNSTYLED_LIST } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatDeviceTime } from '../model/device-time';

export function DeviceLogList({
  entries,
  propertyId,
  timeZone,
  filtered,
}: {
  entries: DeviceLogEntry[];
  propertyId: string;
  timeZone: string;
  /** The log is one device's already: its id leads nowhere new. */
  filtered: boolean;
}) {
  const { t, i18n } = useTranslation('devices');
  const language = currentLanguage(i18n);
  return (
    <Stack component="ol" gap="xs" m={0} p={0} style={UNSTYLED_LIST}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <Stack gap={2} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Group gap={6} wrap="wrap">
              <Text component="span" fw={600}>
                {/* An entry about a PIN code says its slot and what was done (never the code). */}
                {entry.pinChange && entry.pinSlot !== null
                  ? t(`log.pin.${entry.pinChange}`, { slot: formatNumber(entry.pinSlot, language) })
                  : t(`log.actions.${entry.action}`)}
              </Text>
              <Text component="span">{t(`type.${entry.deviceType}`)}</Text>
              {filtered ? (
                <Text component="span" ff="monospace" style={BREAK_LONG_WORDS}>
                  {entry.idNumber}
                </Text>
              ) : (
                <Anchor
                  component={Link}
                  c="blue.8"
                  ff="monospace"
                  style={BREAK_LONG_WORDS}
                  to={paths.propertyDeviceLog.href(propertyId, entry.deviceId)}
                  aria-label={t('log.onlyDevice', { device: entry.idNumber })}
                >
                  {entry.idNumber}
                </Anchor>
              )}
            </Group>
            <Text size="sm" c="dimmed" style={BREAK_LONG_WORDS}>
              <time dateTime={entry.time}>{formatDeviceTime(entry.time, language, timeZone)}</time>
              {' · '}
              {t('log.by', { email: entry.userEmail })}
            </Text>
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
