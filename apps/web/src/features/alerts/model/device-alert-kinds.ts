// Which devices of an area are news, for its device list: each open alert's device, and the meters
// silent with an offline gateway (listed under the gateway, not alone, but offline all the same).
import type { PropertyAlerts } from '@portal/contracts/alerts';
import type { AlertKind } from '@portal/contracts/domain';
import { useMemo } from 'react';
import { usePropertyAlerts } from '../api/alerts-api';

/** A device's open alert kinds, by its id (what the devices list takes to mark its rows). */
type DeviceAlertKinds = (deviceId: string) => readonly AlertKind[];

const NONE: readonly AlertKind[] = [];

export function alertKindsByDevice(alerts: PropertyAlerts | undefined): DeviceAlertKinds {
  const byDevice = new Map<string, AlertKind[]>();
  const add = (deviceId: string, kind: AlertKind) => {
    const kinds = byDevice.get(deviceId) ?? [];
    if (!kinds.includes(kind)) kinds.push(kind);
    byDevice.set(deviceId, kinds);
  };
  for (const alert of alerts?.open ?? []) {
    add(alert.device.id, alert.kind);
    for (const meterId of alert.silentMeterIds) add(meterId, 'offline');
  }
  return (deviceId) => byDevice.get(deviceId) ?? NONE;
}

/** The open alerts of the area's devices, by device (none until they have arrived). */
export function useDeviceAlertKinds(area: { id: string; propertyId: string }): DeviceAlertKinds {
  const { data } = usePropertyAlerts(area.propertyId, area.id);
  return useMemo(() => alertKindsByDevice(data), [data]);
}
