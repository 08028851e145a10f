// One alert as a line of news: what kind, which device (to its page) in which area (to its page),
// since when or from when to when in the property's clock, when it was last heard, and why —
// the meters silent with a gateway, the dropped connection, the leak rule that held.
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { Alert } from '@portal/contracts/alerts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { useAreaLabel } from '../../../lib/area-name';
import { formatDate, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** Readable on white and on their own tint (axe): red for silence, the colour of water for a leak. */
export const KIND_COLORS = { offline: 'red.9', leak: 'cyan.9' } as const;

export function AlertEntry({
  alert,
  propertyId,
  timeZone,
  withArea = true,
  withKind = true,
  onTint = false,
}: {
  alert: Alert;
  propertyId: string;
  /** The property's: times as the people of the property read a clock. */
  timeZone: string;
  /** Leave the area out where the page is the area's. */
  withArea?: boolean;
  /** Leave the kind's badge out where a heading names it. */
  withKind?: boolean;
  /** Inside a coloured alert box: links in the text's colour, underlined (blue on a red or cyan
   * tint is too faint). */
  onTint?: boolean;
}) {
  const { t, i18n } = useTranslation(['properties', 'devices']);
  const language = currentLanguage(i18n);
  const areaLabel = useAreaLabel();
  const time = (iso: string) =>
    formatDate(new Date(iso), language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const { device, area } = alert;
  const link = onTint ? ({ c: 'inherit', underline: 'always' } as const) : { c: 'blue.8' };
  const silent = alert.silentMeterIds.length;
  const facts = [
    alert.endedAt
      ? t('alerts.item.period', { from: time(alert.startedAt), to: time(alert.endedAt) })
      : t('alerts.item.since', { time: time(alert.startedAt) }),
    alert.kind === 'offline'
      ? device.lastSeenAt
        ? t('alerts.item.lastSeen', { time: time(device.lastSeenAt) })
        : t('alerts.item.neverSeen')
      : undefined,
    alert.reason === 'disconnected' ? t('alerts.item.disconnected') : undefined,
    silent > 0
      ? t('alerts.item.silentMeters', { count: silent, formatted: formatNumber(silent, language) })
      : undefined,
    ...alert.leakRules.map((rule) => t(`alerts.item.${rule}`)),
  ].filter((fact) => fact !== undefined);

  return (
    <Stack gap={2}>
      <Group gap="xs" component="span">
        {withKind && (
          <Badge component="span" variant="light" color={KIND_COLORS[alert.kind]}>
            {t(`alerts.kind.${alert.kind}`)}
          </Badge>
        )}
        <Anchor
          component={Link}
          {...link}
          fw={600}
          style={BREAK_LONG_WORDS}
          to={paths.device.href(propertyId, area.areaType, area.id, device.deviceType, device.id)}
        >
          {t(`devices:type.${device.deviceType}`)} {device.name || device.idNumber}
        </Anchor>
        {withArea && (
          <Anchor
            component={Link}
            {...link}
            size="sm"
            style={BREAK_LONG_WORDS}
            to={paths.area.href(propertyId, area.areaType, area.id)}
          >
            {areaLabel(area)}
          </Anchor>
        )}
      </Group>
      <Text size="sm" c="dimmed" style={BREAK_LONG_WORDS}>
        {facts.join(' · ')}
      </Text>
    </Stack>
  );
}
