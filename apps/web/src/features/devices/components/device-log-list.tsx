// The entries of a device log, newest first: what was done to which device, by whom and when, in
// the property's time zone (a PIN code's entry names its slot and what was done to it; a meter's
// event the time of the reading or the exchange it is about, and the portal when it wrote the
// entry itself). A device's id narrows the log to it (it may be gone: its entries stay).
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
  const time = (iso: string) => formatDeviceTime(iso, language, timeZone);

  /** What was done: a meter's event, a PIN code's change (its slot, never the code), or the action. */
  function whatHappened(entry: DeviceLogEntry) {
    if (entry.meterEvent && entry.meterEventAt)
      return t(`meterReplacements.log.${entry.meterEvent}`, { time: time(entry.meterEventAt) });
    if (entry.pinChange && entry.pinSlot !== null)
      return t(`log.pin.${entry.pinChange}`, { slot: formatNumber(entry.pinSlot, language) });
    return t(`log.actions.${entry.action}`);
  }

  return (
    <Stack component="ol" gap="xs" m={0} p={0} style={UNSTYLED_LIST}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <Stack gap={2} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Group gap={6} wrap="wrap">
              <Text component="span" fw={600}>
                {whatHappened(entry)}
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
              <time dateTime={entry.time}>{time(entry.time)}</time>
              {' · '}
              {/* No e-mail: the portal wrote it itself (a reading it kept out of use). */}
              {entry.userEmail
                ? t('log.by', { email: entry.userEmail })
                : t('meterReplacements.log.byPortal')}
            </Text>
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
