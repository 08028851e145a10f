// An area's news at the top of its page (issue 13 item 6: a possible leak flags its area): each
// open alert of its devices as an alert box naming the device, since when, and why. Nothing when
// all is well, or while they load (they are news, not the page).
import { Alert as Callout, Stack } from '@mantine/core';
import type { Area } from '@portal/contracts/areas';
import { useTranslation } from 'react-i18next';
import { useGetPropertyQuery } from '../../../api/properties';
import { usePropertyAlerts } from '../api/alerts-api';
import { AlertEntry, KIND_COLORS } from './alert-entry';

export function AreaAlerts({ area }: { area: Area }) {
  const { t } = useTranslation('properties');
  const { data } = usePropertyAlerts(area.propertyId, area.id);
  const property = useGetPropertyQuery(area.propertyId);
  const open = data?.open ?? [];
  const timeZone = property.data?.timeZone;
  if (open.length === 0 || !timeZone) return null;
  return (
    <Stack gap="sm">
      {open.map((alert) => (
        <Callout
          key={alert.id}
          variant="light"
          color={KIND_COLORS[alert.kind]}
          title={t(`alerts.kind.${alert.kind}`)}
        >
          <AlertEntry
            alert={alert}
            propertyId={area.propertyId}
            timeZone={timeZone}
            withArea={false}
            withKind={false}
            onTint
          />
        </Callout>
      ))}
    </Stack>
  );
}
