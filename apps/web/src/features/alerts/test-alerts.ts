// For tests: alerts as the API describes them (read by the contract's own schema), made from the
// device fixtures, and an answer to GET /properties/{id}/alerts that keeps ?areaId= as the API does.
import { type Alert, AlertSchema, type PropertyAlerts } from '@portal/contracts/alerts';
import type { Area } from '@portal/contracts/areas';
import type { Device } from '@portal/contracts/devices';
import type { ReceivedRequest, Reply } from '../../test/test-api';

let nextId = 1;

export function anAlert(
  device: Device,
  area: Area,
  fields: Partial<Omit<Alert, 'device' | 'area'>> = {},
): Alert {
  const kind = fields.kind ?? 'offline';
  return AlertSchema.parse({
    id: `00000000-0000-4000-a000-${String(nextId++).padStart(12, '0')}`,
    kind,
    startedAt: '2026-11-24T10:00:00.000Z',
    endedAt: null,
    device: {
      id: device.id,
      deviceType: device.deviceType,
      idNumber: device.idNumber,
      name: device.name,
      lastSeenAt: device.lastSeenAt,
    },
    area: { id: area.id, name: area.name, areaType: area.areaType, number: area.number },
    reason: kind === 'offline' ? 'silent' : null,
    silentMeterIds: [],
    leakRules: [],
    ...fields,
  });
}

/**
 * Answers GET /properties/{propertyId}/alerts with `alerts` (its open ones of the area asked for,
 * with ?areaId=), as an `override` of the device API's fake; undefined for any other request.
 */
export function answerAlerts(
  propertyId: string,
  alerts: Partial<PropertyAlerts>,
  { fail = false }: { fail?: boolean } = {},
) {
  return (request: ReceivedRequest): Reply | undefined => {
    const url = new URL(request.url ?? '', 'http://api');
    if (url.pathname !== `/properties/${propertyId}/alerts`) return undefined;
    if (fail) return { status: 500, body: { statusCode: 500, error: 'x', message: 'x' } };
    const areaId = url.searchParams.get('areaId');
    const inArea = (alert: Alert) => !areaId || alert.area.id === areaId;
    const open = (alerts.open ?? []).filter(inArea);
    return {
      status: 200,
      body: {
        open,
        openTotal: alerts.openTotal ?? open.length,
        recent: (alerts.recent ?? []).filter(inArea),
      },
    };
  };
}
