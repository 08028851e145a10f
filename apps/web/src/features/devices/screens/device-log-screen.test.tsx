// A property's device log against a loopback API: entries newest first with who and when in the
// property's time zone, in both languages; narrowed to one device and back; paged; an unknown
// property; a failure.
import type { DeviceLogEntry } from '@portal/contracts/devices';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { failing, PROPERTY } from '../../../test/areas';
import { actLikeTheDeviceApi } from '../../../test/devices';
import { erik, karin } from '../../../test/people';
import { renderComponent } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import DeviceLogScreen from './device-log-screen';

const api = serveTestApi();

const meterId = '00000000-0000-4000-9000-00000000a001';
const gatewayId = '00000000-0000-4000-9000-00000000a002';
let entries = 0;
const entry = (
  minute: number,
  action: DeviceLogEntry['action'],
  fields: Partial<DeviceLogEntry> = {},
): DeviceLogEntry & { propertyId: string } => ({
  id: `00000000-0000-4000-9000-${String(20_000 + entries++).padStart(12, '0')}`,
  time: new Date(Date.UTC(2026, 10, 23, 7, minute)).toISOString(),
  action,
  deviceId: meterId,
  deviceType: 'hw',
  idNumber: 'KAM70000031',
  userId: karin.id,
  userEmail: karin.email,
  pinSlot: null,
  pinChange: null,
  meterEvent: null,
  meterEventAt: null,
  propertyId: PROPERTY.id,
  ...fields,
});

/** The fake's log, newest first, as the API keeps it. */
function withLog(entries: ReturnType<typeof entry>[], options = {}) {
  const { log } = actLikeTheDeviceApi(api, options);
  log.push(...entries);
}

function renderLog(route: string, options: { language?: 'sv' | 'en' } = {}) {
  return renderComponent(
    <Routes>
      <Route path={paths.propertyDeviceLog.path} element={<DeviceLogScreen />} />
    </Routes>,
    { route, store: signedInStore(erik), language: options.language ?? 'sv' },
  );
}

const entryTexts = async () =>
  within(await screen.findByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe("a property's device log", () => {
  it('lists who did what to which device, newest first, in Swedish time', async () => {
    withLog([
      entry(30, 'deleted'),
      entry(20, 'updated'),
      entry(10, 'created', {
        deviceId: gatewayId,
        deviceType: 'gw',
        idNumber: 'AA:BB:CC:00:00:01',
      }),
    ]);
    renderLog(paths.propertyDeviceLog.href(PROPERTY.id));
    expect(await screen.findByRole('heading', { level: 1, name: 'Enhetslogg' })).toBeVisible();
    expect(await entryTexts()).toEqual([
      'BorttagenVarmvattenmätareKAM70000031' + '23 nov. 2026 08:30 · av forvaltare@example.se',
      'ÄndradVarmvattenmätareKAM70000031' + '23 nov. 2026 08:20 · av forvaltare@example.se',
      'TillagdGatewayAA:BB:CC:00:00:01' + '23 nov. 2026 08:10 · av forvaltare@example.se',
    ]);
    expect(screen.getByRole('link', { name: PROPERTY.name })).toHaveAttribute(
      'href',
      paths.propertyOverview.href(PROPERTY.id),
    );
  });

  it('shows it in English', async () => {
    withLog([entry(10, 'created')]);
    renderLog(paths.propertyDeviceLog.href(PROPERTY.id), { language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Device log' })).toBeVisible();
    expect(await entryTexts()).toEqual([
      'AddedHot water meterKAM70000031' + '23 Nov 2026, 08:10 · by forvaltare@example.se',
    ]);
  });

  it.each([
    ['sv', ['PIN-kod avaktiverad på plats 3Dörr', 'PIN-kod tillagd på plats 3Dörr']],
    ['en', ['PIN code disabled in slot 3Door', 'PIN code added in slot 3Door']],
  ] as const)(
    "names a PIN code's slot and what was done, never a code (%s)",
    async (language, texts) => {
      const pin = { deviceType: 'door', idNumber: 'LOCK-TVATT-1', pinSlot: 3 } as const;
      withLog([
        entry(20, 'updated', { ...pin, pinChange: 'disabled' }),
        entry(10, 'updated', { ...pin, pinChange: 'added' }),
      ]);
      renderLog(paths.propertyDeviceLog.href(PROPERTY.id), { language });
      const shown = await entryTexts();
      expect(shown).toHaveLength(2);
      for (const [index, text] of texts.entries())
        expect(shown[index]).toMatch(new RegExp(`^${text}LOCK-TVATT-1`));
    },
  );

  it("narrows to one device's entries and back to the whole log", async () => {
    withLog([
      entry(20, 'updated'),
      entry(10, 'created', {
        deviceId: gatewayId,
        deviceType: 'gw',
        idNumber: 'AA:BB:CC:00:00:01',
      }),
    ]);
    const { user } = renderLog(paths.propertyDeviceLog.href(PROPERTY.id));
    await user.click(
      await screen.findByRole('link', { name: 'Bara händelserna för AA:BB:CC:00:00:01' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Loggen för AA:BB:CC:00:00:01' }),
    ).toBeVisible();
    expect(await entryTexts()).toEqual([
      'TillagdGatewayAA:BB:CC:00:00:01' + '23 nov. 2026 08:10 · av forvaltare@example.se',
    ]);
    expect(api.requests.at(-1)?.url).toContain(`deviceId=${gatewayId}`);
    await user.click(screen.getByRole('link', { name: 'Visa hela loggen' }));
    expect(await screen.findByRole('heading', { name: 'Enhetslogg' })).toBeVisible();
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });

  it('says when a device has no entries', async () => {
    withLog([entry(20, 'updated')]);
    renderLog(paths.propertyDeviceLog.href(PROPERTY.id, gatewayId));
    expect(await screen.findByText('Inga händelser för den här enheten.')).toBeVisible();
  });

  it('says when no device has been added yet', async () => {
    withLog([]);
    renderLog(paths.propertyDeviceLog.href(PROPERTY.id));
    expect(await screen.findByText('Ingen enhet har lagts till ännu.')).toBeVisible();
  });

  it('fetches older entries a page at a time', async () => {
    withLog(Array.from({ length: 205 }, (_, index) => entry(-index, 'updated')));
    const { user } = renderLog(paths.propertyDeviceLog.href(PROPERTY.id));
    expect(await screen.findAllByRole('listitem')).toHaveLength(200);
    await user.click(screen.getByRole('button', { name: 'Visa äldre händelser' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(205));
    expect(screen.queryByRole('button', { name: 'Visa äldre händelser' })).toBeNull();
  });

  it('shows an unknown property as not found', async () => {
    withLog([]);
    renderLog(paths.propertyDeviceLog.href('00000000-0000-4000-8000-999999999999'));
    expect(await screen.findByRole('heading', { name: 'Fastigheten finns inte' })).toBeVisible();
  });

  it('says when the log cannot be fetched', async () => {
    withLog([], {
      override: (request: { url?: string }) =>
        request.url?.includes('/device-logs') ? failing(500) : undefined,
    });
    renderLog(paths.propertyDeviceLog.href(PROPERTY.id));
    expect(await screen.findByText('Enhetsloggen kunde inte hämtas.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeVisible();
  });
});
