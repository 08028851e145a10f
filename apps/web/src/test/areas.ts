// For tests: areas of Solrosen 1 as the API describes them (read by the contract's own schema), and
// a loopback API answering the area calls like the real one (DESIGN §4.2), with its codes and details.
import { type Area, AreaSchema } from '@portal/contracts/areas';
import { AREA_TYPES, type AreaType } from '@portal/contracts/domain';
import type { Property } from '@portal/contracts/properties';
import { pagedAnswer } from './paged-answer';
import { SOLROSEN } from './people';
import { NO_AREAS, property } from './properties';
import type { serveTestApi } from './serve-test-api';
import type { ReceivedRequest, Reply } from './test-api';

type TestApi = ReturnType<typeof serveTestApi>;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Solrosen 1 (./properties) before any area: the fake counts its areas from what it holds. */
export const PROPERTY: Property = property({ areaCounts: NO_AREAS });

let nextId = 1;

export function anArea(fields: Partial<Area> & Pick<Area, 'areaType'>): Area {
  const id = uuid(nextId++);
  return AreaSchema.parse({
    id,
    propertyId: PROPERTY.id,
    organizationId: SOLROSEN.id,
    name: '',
    number: null,
    floorArea: null,
    createdAt: '2024-03-04T10:00:00.000Z',
    updatedAt: '2024-03-04T10:00:00.000Z',
    ...fields,
  });
}

/** Apartments `from`…`to`, without names, as a range creates them. */
export const apartments = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) =>
    anArea({ areaType: 'apt', number: from + index }),
  );

const notFound = (message: string): Reply => ({
  status: 404,
  body: { statusCode: 404, error: 'Not Found', message, code: 'NOT_FOUND' },
});
/** The API's answer to numbers the property has: the first 100 of them, and whether there are more. */
const numbersTaken = (taken: number[]): Reply => ({
  status: 409,
  body: {
    statusCode: 409,
    error: 'Conflict',
    message: `Areas with these numbers already exist: ${taken.join(', ')}.`,
    code: 'AREA_NUMBERS_TAKEN',
    details: { numbers: taken.slice(0, 100), more: taken.length > 100 },
  },
});

/**
 * Answers like the API for PROPERTY and `areas` (kept up to date by what the screens send);
 * `override` answers first where it returns a reply. Returns the areas as they stand.
 */
/** The list order of the API: type (SPEC §3 order), number (unnumbered last), name. */
const listOrder = (a: Area, b: Area) =>
  AREA_TYPES.indexOf(a.areaType) - AREA_TYPES.indexOf(b.areaType) ||
  (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER) ||
  a.name.localeCompare(b.name);

/** A page of areas as the API answers GET …/areas: of ?type, searched in names and numbers. */
export function pageOfAreas(areas: Area[], url: URL, pageSize?: number): Reply {
  const type = url.searchParams.get('type');
  return pagedAnswer(
    areas.filter((area) => !type || area.areaType === type),
    url,
    { searchText: (area) => `${area.name} ${area.number ?? ''}`, order: listOrder, pageSize },
  );
}

export function actLikeTheApi(
  api: TestApi,
  areas: Area[],
  override?: (request: ReceivedRequest) => Reply | undefined,
  { pageSize }: { pageSize?: number } = {},
) {
  const stored = [...areas];
  const withCounts = (): Property => {
    const areaCounts = { ...PROPERTY.areaCounts };
    for (const area of stored) areaCounts[area.areaType] += 1;
    return { ...PROPERTY, areaCounts };
  };
  const numberTaken = (number: number | null) =>
    number !== null && stored.some((area) => area.number === number);

  api.answer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const url = new URL(request.url ?? '', 'http://api');
    const propertyPath = `/properties/${PROPERTY.id}`;
    const body = request.body as Record<string, unknown>;

    if (url.pathname === propertyPath && request.method === 'GET')
      return { status: 200, body: withCounts() };
    if (url.pathname === `${propertyPath}/areas` && request.method === 'GET')
      return pageOfAreas(stored, url, pageSize);
    if (url.pathname === `${propertyPath}/areas` && request.method === 'POST') {
      if (numberTaken(body.number as number | null)) return numbersTaken([body.number as number]);
      const created = anArea({ ...(body as Partial<Area>), areaType: body.areaType as AreaType });
      stored.push(created);
      return { status: 201, body: created };
    }
    if (url.pathname === `${propertyPath}/areas/bulk` && request.method === 'POST') {
      const {
        from,
        to,
        namePrefix = '',
        floorArea = null,
      } = body as {
        from: number;
        to: number;
        namePrefix?: string;
        floorArea?: number | null;
      };
      const numbers = Array.from({ length: to - from + 1 }, (_, index) => from + index);
      const taken = numbers.filter(numberTaken);
      if (taken.length > 0) return numbersTaken(taken);
      const created = numbers.map((number) =>
        anArea({
          areaType: body.areaType as AreaType,
          number,
          name: namePrefix ? `${namePrefix}${number}` : '',
          floorArea,
        }),
      );
      stored.push(...created);
      return { status: 201, body: created };
    }
    const areaMatch = /^\/areas\/([^/]+)$/.exec(url.pathname);
    const index = stored.findIndex((area) => area.id === areaMatch?.[1]);
    const found = stored[index];
    if (areaMatch && !found) return notFound('Area not found.');
    if (found && request.method === 'GET') return { status: 200, body: found };
    if (found && request.method === 'PUT') {
      const updated = { ...found, ...(body as Partial<Area>), updatedAt: new Date().toISOString() };
      stored[index] = updated;
      return { status: 200, body: updated };
    }
    if (found && request.method === 'DELETE') {
      stored.splice(index, 1);
      return { status: 204 };
    }
    return notFound('Property not found.');
  });
  return stored;
}

/** The API's failure body for `status`. */
export const failing = (status: number, message = 'Something failed.'): Reply => ({
  status,
  body: { statusCode: status, error: 'Error', message },
});
