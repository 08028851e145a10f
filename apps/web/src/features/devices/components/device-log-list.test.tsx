// The device log's lines as a reader sees them, in both languages: a meter's events say what the
// portal did with a reading, or that a replacement was recorded, with the time of the reading or
// the exchange on the property's clock — the portal itself named as the author where no one else
// was; PIN code entries and plain changes keep their words.
import type { DeviceLogEntry } from '@portal/contracts/devices';
import type { Language } from '@portal/contracts/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROPERTY } from '../../../test/areas';
import { karin } from '../../../test/people';
import { renderComponent } from '../../../test/render';
import { DeviceLogList } from './device-log-list';

const meterId = '00000000-0000-4000-9000-00000000b001';
let entries = 0;
const entry = (fields: Partial<DeviceLogEntry> = {}): DeviceLogEntry => ({
  id: `00000000-0000-4000-9000-${String(30_000 + entries++).padStart(12, '0')}`,
  time: '2026-08-12T12:45:00.000Z',
  action: 'updated',
  deviceId: meterId,
  deviceType: 'el',
  idNumber: 'KAM50001101',
  userId: karin.id,
  userEmail: karin.email,
  pinSlot: null,
  pinChange: null,
  meterEvent: null,
  meterEventAt: null,
  ...fields,
});

const log = [
  // Written by the portal at ingest: no account.
  entry({
    meterEvent: 'implausibleStep',
    meterEventAt: '2026-08-12T12:30:00.000Z',
    userId: null,
    userEmail: '',
  }),
  entry({ meterEvent: 'replacementRecorded', meterEventAt: '2026-08-12T10:00:00.000Z' }),
  entry({ meterEvent: 'replacementRemoved', meterEventAt: '2026-08-12T10:00:00.000Z' }),
  entry({ deviceType: 'door', idNumber: 'TVATT-DORR-1', pinSlot: 3, pinChange: 'added' }),
  entry({ action: 'created' }),
];

function lines(language: Language) {
  renderComponent(
    <DeviceLogList entries={log} propertyId={PROPERTY.id} timeZone="Europe/Stockholm" filtered />,
    { language },
  );
  return within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('the device log', () => {
  it("says a meter's events in Swedish, with the time of the reading or the exchange", () => {
    expect(lines('sv')).toEqual([
      'Orimlig avläsning hålls utanför förbrukningen (avläsningen 12 aug. 2026 14:30)' +
        'ElmätareKAM50001101' +
        '12 aug. 2026 14:45 · av portalen',
      'Mätarbyte registrerat (12 aug. 2026 12:00)' +
        'ElmätareKAM50001101' +
        `12 aug. 2026 14:45 · av ${karin.email}`,
      'Mätarbyte borttaget (det 12 aug. 2026 12:00)' +
        'ElmätareKAM50001101' +
        `12 aug. 2026 14:45 · av ${karin.email}`,
      `PIN-kod tillagd på plats 3DörrTVATT-DORR-112 aug. 2026 14:45 · av ${karin.email}`,
      `TillagdElmätareKAM5000110112 aug. 2026 14:45 · av ${karin.email}`,
    ]);
  });

  it('says them in English', () => {
    expect(lines('en')).toEqual([
      'Implausible reading kept out of use (reading at 12 Aug 2026, 14:30)' +
        'Electricity meterKAM50001101' +
        '12 Aug 2026, 14:45 · by the portal',
      'Meter replacement recorded (at 12 Aug 2026, 12:00)' +
        'Electricity meterKAM50001101' +
        `12 Aug 2026, 14:45 · by ${karin.email}`,
      'Meter replacement removed (the one at 12 Aug 2026, 12:00)' +
        'Electricity meterKAM50001101' +
        `12 Aug 2026, 14:45 · by ${karin.email}`,
      `PIN code added in slot 3DoorTVATT-DORR-112 Aug 2026, 14:45 · by ${karin.email}`,
      `AddedElectricity meterKAM5000110112 Aug 2026, 14:45 · by ${karin.email}`,
    ]);
  });
});
