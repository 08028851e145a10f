// For tests: properties as the API describes them, and a fake of its property calls. Each is
// read by the contract's own schema, so a fixture can never drift from what the API answers.
import { type Property, PropertySchema } from '@portal/contracts/properties';
import { pagedAnswer } from './paged-answer';
import { BRF_VALLMON, SOLROSEN } from './people';
import type { ReceivedRequest, Reply } from './test-api';

export const NO_AREAS = { apt: 0, bic: 0, ent: 0, sop: 0, lau: 0, misc: 0 };
export const NO_DEVICES = { heat: 0, el: 0, hw: 0, cw: 0, gw: 0, door: 0, keypad: 0 };

export function property(overrides: Partial<Property> = {}): Property {
  return PropertySchema.parse({
    id: '7d3b2a10-4c5e-4f60-8a71-9b8c7d6e5f40',
    name: 'Solrosen 1',
    organizationId: SOLROSEN.id,
    organizationName: SOLROSEN.name,
    address: 'Solrosvägen 1, 123 45 Solna',
    propertyType: 'multi-dwelling',
    heatedArea: 2450,
    buildYear: 1965,
    timeZone: 'Europe/Stockholm',
    heatingCarrier: 'district-heating',
    geoFactor: 1.1,
    areaCounts: { ...NO_AREAS, apt: 24, bic: 1, ent: 2, lau: 1 },
    deviceCounts: NO_DEVICES,
    createdAt: '2024-03-01T09:00:00.000Z',
    updatedAt: '2024-06-10T12:00:00.000Z',
    ...overrides,
  });
}

/** 24 apartments, a bicycle room, two entrances and a laundry room: 28 areas. */
export const solrosen1 = property();
export const vallmon = property({
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Vallmon',
  organizationId: BRF_VALLMON.id,
  organizationName: BRF_VALLMON.name,
  address: 'Vallmovägen 2, Sundbyberg',
  propertyType: 'commercial',
  heatedArea: null,
  buildYear: null,
  heatingCarrier: 'heat-pump',
  geoFactor: 1,
  areaCounts: { ...NO_AREAS, misc: 1 },
});
export const solrosen2 = property({
  id: '9f8e7d6c-5b4a-4392-8170-6e5d4c3b2a19',
  name: 'Solrosen 2',
  address: 'Storgatan 5, Solna',
  areaCounts: NO_AREAS,
});

export const NEW_PROPERTY_ID = '6e5d4c3b-2a19-4087-9f6e-5d4c3b2a1908';
const notFound = { statusCode: 404, error: 'Not Found', message: 'Property not found.' };
const serverError = { status: 500, body: { statusCode: 500, error: 'x', message: 'x' } };

export const forbidden: Reply = {
  status: 403,
  body: {
    statusCode: 403,
    error: 'Forbidden',
    message: "You don't have the permissions to create a property",
    code: 'FORBIDDEN',
  },
};

/**
 * Answers like the API's property calls over `initial`, changing them as asked; `fail` makes the
 * named method answer `failure` instead.
 */
export function propertiesApi(
  initial: Property[],
  {
    fail,
    failure = serverError,
    pageSize,
  }: { fail?: 'GET' | 'POST' | 'PUT' | 'DELETE'; failure?: Reply; pageSize?: number } = {},
) {
  let properties = [...initial];
  return (request: ReceivedRequest): Reply => {
    if (request.method === fail) return failure;
    const url = request.url ?? '';
    if (url.startsWith('/properties?') || url === '/properties') {
      if (request.method === 'POST') {
        const body = request.body as Partial<Property>;
        const created = property({ ...body, id: NEW_PROPERTY_ID, areaCounts: NO_AREAS });
        properties = [...properties, created];
        return { status: 201, body: created };
      }
      return pagedAnswer(properties, new URL(url, 'http://api'), {
        searchText: (item) => `${item.name} ${item.address} ${item.organizationName}`,
        order: (a, b) => a.name.localeCompare(b.name),
        pageSize,
      });
    }
    const id = /^\/properties\/([^/?]+)$/.exec(url)?.[1];
    const found = properties.find((candidate) => candidate.id === id);
    if (!found) return { status: 404, body: notFound };
    if (request.method === 'PUT') {
      const updated = { ...found, ...(request.body as object) };
      properties = properties.map((candidate) => (candidate === found ? updated : candidate));
      return { status: 200, body: updated };
    }
    if (request.method === 'DELETE') {
      properties = properties.filter((candidate) => candidate !== found);
      return { status: 204 };
    }
    return { status: 200, body: found };
  };
}
