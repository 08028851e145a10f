// For the energy specs: a new site manager's property with the meters the energy screens read and
// 13 months of hourly readings delivered as a gateway delivers them (POST /api/ingest/readings),
// so every screen shows figures computed by the portal from what it was sent — nothing in the
// server is there for the test. The profiles are simple and known: heat follows the season,
// the building's electricity is steady, the solar array produces at midday from March to
// October, and flat 1003 uses three times the hot water of the others (it stands out when compared:
// per m² of its 74 m² that is about twice the median, where twice the water would be only 1,3 ×).
import type { Page } from '@playwright/test';
import { callApi, siteManagerWithProperty } from './places';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Readings a call may carry (DESIGN §4.4). */
const BATCH = 5_000;

type MeterSpec = {
  deviceType: 'heat' | 'el' | 'hw' | 'cw';
  idNumber: string;
  name: string;
  role?: 'consumption' | 'production';
  main?: boolean;
  unit: 'kWh' | 'm3';
  /** Use in the hour starting at `ms` (UTC), in `unit`. */
  useIn: (ms: number) => number;
};

const monthOf = (ms: number) => new Date(ms).getUTCMonth();
const hourOf = (ms: number) => new Date(ms).getUTCHours();
/** More heat in winter: 60 kWh an hour in January, 8 in July. */
const heatIn = (ms: number) =>
  8 + 52 * ((Math.cos(((monthOf(ms) + 0.5) / 12) * 2 * Math.PI) + 1) / 2);
/** Midday sun from March to October: up to 12 kWh between 09 and 15 UTC. */
const solarIn = (ms: number) =>
  monthOf(ms) >= 2 && monthOf(ms) <= 9 && hourOf(ms) >= 9 && hourOf(ms) < 15 ? 12 : 0;
/** Hot water in the morning: 30 litres an hour 05–08 UTC, 5 otherwise. */
const hotWaterIn = (factor: number) => (ms: number) =>
  (hourOf(ms) >= 5 && hourOf(ms) < 8 ? 0.03 : 0.005) * factor;

/** A unique 8-digit serial per meter of this run. */
function serials() {
  const base = Number(Date.now().toString().slice(-6)) * 10;
  let next = 0;
  return () => String(base + next++).padStart(8, '0');
}

export type MeteredProperty = Awaited<ReturnType<typeof meteredProperty>>;

/**
 * A multi-dwelling property, Atemp 2 000 m², district heating, Fgeo 0.9, with an 'Undercentral'
 * (gateway, heat and electricity main meters, the solar array, cold water) and flats 1001–1004
 * (42, 58, 74, 89 m²; a gateway and a hot-water meter each), and readings every hour from 400 days
 * ago — or from `readingsFrom`, when a spec needs an earlier start — to the last whole hour.
 */
export async function meteredProperty(page: Page, { readingsFrom }: { readingsFrom?: Date } = {}) {
  const { manager, organization, property } = await siteManagerWithProperty(page);
  const current = await callApi<Record<string, unknown>>(
    page.request,
    manager,
    'GET',
    `/api/properties/${property.id}`,
  );
  await callApi(page.request, manager, 'PUT', `/api/properties/${property.id}`, {
    name: current.name,
    organizationId: current.organizationId,
    address: current.address,
    propertyType: 'multi-dwelling',
    heatedArea: 2000,
    buildYear: 1968,
    timeZone: 'Europe/Stockholm',
    heatingCarrier: 'district-heating',
    geoFactor: 0.9,
    offlineAfterMinutes: 180,
  });
  const areas = `/api/properties/${property.id}/areas`;
  const plant = await callApi<{ id: string }>(page.request, manager, 'POST', areas, {
    areaType: 'misc',
    name: 'Undercentral',
  });
  const sizes = [42, 58, 74, 89];
  const flats = await Promise.all(
    sizes.map((floorArea, index) =>
      callApi<{ id: string }>(page.request, manager, 'POST', areas, {
        areaType: 'apt',
        number: 1001 + index,
        name: '',
        floorArea,
      }),
    ),
  );
  const serial = serials();
  const addGateway = async (areaId: string) => {
    const mac = serial()
      .slice(-6)
      .replace(/(..)(?=.)/g, '$1:');
    return callApi<{ gatewayKey: string }>(
      page.request,
      manager,
      'POST',
      `/api/areas/${areaId}/devices`,
      {
        deviceType: 'gw',
        idNumber: `AA:BB:CC:${mac}`,
      },
    );
  };
  const { gatewayKey } = await addGateway(plant.id);
  for (const flat of flats) await addGateway(flat.id);

  const plantMeters: MeterSpec[] = [
    {
      deviceType: 'heat',
      idNumber: serial(),
      name: 'Fjärrvärme',
      main: true,
      unit: 'kWh',
      useIn: heatIn,
    },
    {
      deviceType: 'el',
      idNumber: serial(),
      name: 'Fastighetsel',
      main: true,
      unit: 'kWh',
      useIn: () => 6,
    },
    {
      deviceType: 'el',
      idNumber: serial(),
      name: 'Solceller',
      role: 'production',
      unit: 'kWh',
      useIn: solarIn,
    },
    {
      deviceType: 'cw',
      idNumber: serial(),
      name: 'Kallvatten',
      main: true,
      unit: 'm3',
      useIn: () => 0.2,
    },
  ];
  const flatMeters = flats.map(
    (_, index): MeterSpec => ({
      deviceType: 'hw',
      idNumber: serial(),
      name: 'Varmvatten',
      unit: 'm3',
      useIn: hotWaterIn(index === 2 ? 3 : 1),
    }),
  );
  const placed = [
    ...plantMeters.map((meter) => ({ meter, areaId: plant.id })),
    ...flatMeters.map((meter, index) => ({ meter, areaId: flats[index]?.id ?? '' })),
  ];
  for (const { meter, areaId } of placed)
    await callApi(page.request, manager, 'POST', `/api/areas/${areaId}/devices`, {
      deviceType: meter.deviceType,
      idNumber: meter.idNumber,
      name: meter.name,
      role: meter.role,
      main: meter.main,
    });
  await deliverReadings(
    page,
    gatewayKey,
    placed.map(({ meter }) => meter),
    readingsFrom,
  );
  return { manager, organization, property, plant, flats, gatewayKey };
}

/**
 * Cumulative registers every hour from 400 days ago (or `from`, if earlier) to the last whole
 * hour, in calls of 5 000.
 */
async function deliverReadings(page: Page, gatewayKey: string, meters: MeterSpec[], from?: Date) {
  const last = Math.floor(Date.now() / HOUR) * HOUR;
  const first = Math.min(last - 400 * DAY, Math.floor((from?.getTime() ?? last) / HOUR) * HOUR);
  const readings: { meter: string; at: string; value: number; unit: string }[] = [];
  for (const meter of meters) {
    let register = 1000;
    for (let ms = first; ms <= last; ms += HOUR) {
      readings.push({
        meter: meter.idNumber,
        at: new Date(ms).toISOString(),
        value: Math.round(register * 1000) / 1000,
        unit: meter.unit,
      });
      register += meter.useIn(ms);
    }
  }
  for (let start = 0; start < readings.length; start += BATCH) {
    const response = await page.request.post('/api/ingest/readings', {
      headers: { Authorization: `Gateway ${gatewayKey}` },
      data: { readings: readings.slice(start, start + BATCH) },
    });
    if (!response.ok()) throw new Error(`ingest: ${response.status()} ${await response.text()}`);
  }
}
