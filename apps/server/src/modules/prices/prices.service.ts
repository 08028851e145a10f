// A property's prices (DESIGN §4.4 "Prices"): everyone of its organization reads them, its site
// managers replace the whole set; nobody else learns the property exists (404).
import {
  PRICE_UNITS,
  PRICED_TYPES,
  type Prices,
  type UpdatePricesSchema,
} from '@portal/contracts/prices';
import type { z } from 'zod';
import { PROPERTY_NOT_FOUND } from '../../access/not-found';
import { authorizeIn } from '../../access/policies';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { lockPropertyForChildren } from '../properties/properties.repository';
import { findPropertyScope } from '../statistics/statistics.repository';
import { type PriceRow, replacePrices, selectPrices } from './prices.repository';

/** The set as the API shows it: the unit follows from the type, and the set was last changed
 * when its newest row was (null without rows: never set, or emptied, which is the same). */
export function presentPrices(rows: readonly PriceRow[]): Prices {
  const byType: Prices['byType'] = {};
  let updatedAt: Date | null = null;
  for (const row of rows) {
    byType[row.deviceType] = {
      perUnit: row.perUnit,
      unit: PRICE_UNITS[row.deviceType],
      fixedPerMonth: row.fixedPerMonth,
    };
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return { currency: 'SEK', byType, updatedAt: updatedAt?.toISOString() ?? null };
}

export class PricesService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  async get(caller: AccessClaims, propertyId: string): Promise<Prices> {
    const scope = await findPropertyScope(this.db, propertyId, caller.userId);
    if (!scope) throw notFound(PROPERTY_NOT_FOUND);
    return presentPrices(await selectPrices(this.db, scope));
  }

  /** The whole set: a type left out has no price afterwards. */
  async replace(
    caller: AccessClaims,
    propertyId: string,
    input: z.output<typeof UpdatePricesSchema>,
  ): Promise<Prices> {
    return this.db.transaction(async (transaction) => {
      const found = await findPropertyScope(transaction, propertyId, caller.userId);
      if (!found) throw notFound(PROPERTY_NOT_FOUND);
      // The membership first, held until commit, then the property: the order in which deleting
      // the organization takes them (organizations.repository.ts), so the two never wait for each
      // other crosswise. The property's lock makes two replacements take turns (each deletes what
      // the one before wrote) and keeps it from being deleted or moved meanwhile.
      await authorizeIn(
        transaction,
        caller,
        found.organizationId,
        'property.change',
        PROPERTY_NOT_FOUND,
      );
      const locked = await lockPropertyForChildren(transaction, propertyId, caller.userId);
      // Moved to another organization in between: not the property the role was checked in.
      if (locked?.organizationId !== found.organizationId) throw notFound(PROPERTY_NOT_FOUND);
      const scope = { organizationId: found.organizationId, propertyId };
      const prices = PRICED_TYPES.flatMap((type) => {
        const price = input.byType[type];
        return price
          ? [{ deviceType: type, perUnit: price.perUnit, fixedPerMonth: price.fixedPerMonth }]
          : [];
      });
      await replacePrices(transaction, scope, prices, caller.userId);
      return presentPrices(await selectPrices(transaction, scope));
    });
  }
}
