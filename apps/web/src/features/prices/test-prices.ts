// For tests: a property's prices as the API keeps them — GET answers the set, PUT replaces it (or
// is refused with `refuse`'s status) — passing every other request on (undefined).
import type { Prices, UpdatePrices } from '@portal/contracts/prices';
import { failure } from '../../test/serve-test-api';
import type { ReceivedRequest, Reply } from '../../test/test-api';

export const NO_PRICES: Prices = { currency: 'SEK', byType: {}, updatedAt: null };

export function pricesApi(
  propertyId: string,
  initial: Prices = NO_PRICES,
  { refuse }: { refuse?: 403 | 404 | 500 } = {},
) {
  let prices = initial;
  const respond = (request: ReceivedRequest): Reply | undefined => {
    if (request.url !== `/properties/${propertyId}/prices`) return undefined;
    if (request.method === 'GET') return { status: 200, body: prices };
    if (request.method !== 'PUT') return undefined;
    if (refuse === 403) return failure(403, 'Forbidden.', { code: 'FORBIDDEN' });
    if (refuse === 404) return failure(404, 'Not found.', { code: 'NOT_FOUND' });
    if (refuse) return failure(500, 'x');
    const body = request.body as UpdatePrices;
    prices = { currency: 'SEK', byType: body.byType, updatedAt: '2026-11-24T10:00:00+01:00' };
    return { status: 200, body: prices };
  };
  return Object.assign(respond, { current: () => prices });
}
