// For the area screens' tests: a property with areas as the API describes them, a loopback API
// answering like the real one (DESIGN §4.2), and the screens at their routes with the current
// address on show, so a test sees what a user sees and where they end up.
import type { Area } from '@portal/contracts/areas';
import type { AreaType, Language } from '@portal/contracts/domain';
import type { Property } from '@portal/contracts/properties';
import type { User } from '@portal/contracts/users';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { renderComponent } from '../../test/render';
import type { serveTestApi } from '../../test/serve-test-api';
import type { ReceivedRequest, Reply } from '../../test/test-api';
import { karin, SOLROSEN, storeSignedInAs } from '../../test/users';
import AreaEditScreen from './area-edit-screen';
import AreaNewScreen from './area-new-screen';
import AreaScreen from './area-screen';
import AreasNewScreen from './areas-new-screen';
import PropertyAreasScreen from './property-areas-screen';

type TestApi = ReturnType<typeof serveTestApi>;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const PROPERTY: Property = {
  id: '7d3f2a10-5b6c-4d7e-8f90-a1b2c3d4e5f6',
  name: 'Solrosen 1',
  organizationId: SOLROSEN.id,
  organizationName: SOLROSEN.name,
  address: 'Solrosvägen 1, 123 45 Solna',
  propertyType: 'multi-dwelling',
  heatedArea: 1840,
  buildYear: 1962,
  timeZone: 'Europe/Stockholm',
  heatingCarrier: 'district-heating',
  geoFactor: 1,
  areaCounts: { apt: 0, bic: 0, ent: 0, sop: 0, lau: 0, misc: 0 },
  createdAt: '2024-03-01T09:00:00.000Z',
  updatedAt: '2024-03-01T09:00:00.000Z',
};

let nextId = 1;

export function anArea(fields: Partial<Area> & Pick<Area, 'areaType'>): Area {
  const id = uuid(nextId++);
  return {
    id,
    propertyId: PROPERTY.id,
    organizationId: SOLROSEN.id,
    name: '',
    number: null,
    floorArea: null,
    createdAt: '2024-03-04T10:00:00.000Z',
    updatedAt: '2024-03-04T10:00:00.000Z',
    ...fields,
  };
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
const conflict = (message: string): Reply => ({
  status: 409,
  body: { statusCode: 409, error: 'Conflict', message, code: 'CONFLICT' },
});

/**
 * Answers like the API for PROPERTY and `areas` (kept up to date by what the screens send);
 * `override` answers first where it returns a reply. Returns the areas as they stand.
 */
export function actLikeTheApi(
  api: TestApi,
  areas: Area[],
  override?: (request: ReceivedRequest) => Reply | undefined,
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
    if (url.pathname === `${propertyPath}/areas` && request.method === 'GET') {
      const type = url.searchParams.get('type');
      return { status: 200, body: stored.filter((area) => !type || area.areaType === type) };
    }
    if (url.pathname === `${propertyPath}/areas` && request.method === 'POST') {
      if (numberTaken(body.number as number | null))
        return conflict('An area with this number already exists.');
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
      // As the API does: the first 20, then an ellipsis.
      if (taken.length > 0)
        return conflict(
          taken.length > 20
            ? `Areas with these numbers already exist: ${taken.slice(0, 20).join(', ')}, …`
            : `Areas with these numbers already exist: ${taken.join(', ')}.`,
        );
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

/** What the address bar would show: path and search. */
function CurrentAddress() {
  const location = useLocation();
  return <div data-testid="address">{`${location.pathname}${location.search}`}</div>;
}

export const currentAddress = () => screen.getByTestId('address').textContent;

/** The area screens at their routes, starting at `route`, signed in as `user`. */
export function renderAreaRoute(
  route: string,
  { user = karin, language = 'sv' }: { user?: User; language?: Language } = {},
) {
  return renderComponent(
    <>
      <Routes>
        <Route path={paths.property.path} element={<PropertyAreasScreen />} />
        <Route path={paths.propertyAreas.path} element={<PropertyAreasScreen />} />
        <Route path={paths.propertyAreasOfType.path} element={<PropertyAreasScreen />} />
        <Route path={paths.propertyNewArea.path} element={<AreaNewScreen />} />
        <Route path={paths.propertyNewAreas.path} element={<AreasNewScreen />} />
        <Route path={paths.area.path} element={<AreaScreen />} />
        <Route path={paths.areaEdit.path} element={<AreaEditScreen />} />
        <Route path={paths.propertyOverview.path} element={<h1>Översikt</h1>} />
        <Route path="*" element={<h1>Another page</h1>} />
      </Routes>
      <CurrentAddress />
    </>,
    { route, store: storeSignedInAs(user), language },
  );
}
