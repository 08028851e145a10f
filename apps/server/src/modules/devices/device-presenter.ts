// Shapes stored devices and log entries as the API's.
import type { Device, DeviceLogEntry } from '@portal/contracts/devices';
import type { DeviceLogRow, DeviceRow } from './devices.repository';

export function presentDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    areaId: row.areaId,
    propertyId: row.propertyId,
    organizationId: row.organizationId,
    deviceType: row.deviceType,
    idNumber: row.idNumber,
    name: row.name,
    role: row.role,
    main: row.main,
    slotCount: row.slotCount,
    idFormatConfirmed: row.idFormatConfirmed,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentLogEntry(row: DeviceLogRow): DeviceLogEntry {
  return {
    id: row.id,
    time: row.createdAt.toISOString(),
    action: row.action,
    deviceId: row.deviceId,
    deviceType: row.deviceType,
    idNumber: row.idNumber,
    userId: row.userId,
    userEmail: row.userEmail,
    pinSlot: row.pinSlot,
    pinChange: row.pinChange,
    meterEvent: row.meterEvent,
    meterEventAt: row.meterEventAt?.toISOString() ?? null,
  };
}
