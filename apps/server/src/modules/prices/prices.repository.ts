// SQL for a property's prices (property_prices): the set as stored, and replacing it. Callers
// check the property is the caller's first; every statement still names the organization too.
import type { PricedType } from '@portal/contracts/prices';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedPerHandle } from '../../db/prepared';
import { propertyPrices } from '../../db/schema/prices';

/** One type's price as stored. */
export type PriceRow = {
  deviceType: PricedType;
  perUnit: number;
  fixedPerMonth: number;
  updatedAt: Date;
};

/** Which property, in which organization (found in the caller's organizations beforehand). */
export type PricesScope = { organizationId: string; propertyId: string };

const selectPricesQuery = preparedPerHandle((db) =>
  db
    .select({
      deviceType: propertyPrices.deviceType,
      perUnit: propertyPrices.perUnit,
      fixedPerMonth: propertyPrices.fixedPerMonth,
      updatedAt: propertyPrices.updatedAt,
    })
    .from(propertyPrices)
    .where(
      and(
        eq(propertyPrices.organizationId, sql.placeholder('organizationId')),
        eq(propertyPrices.propertyId, sql.placeholder('propertyId')),
      ),
    )
    .prepare('property_prices'),
);

/** The property's prices, one row per priced type. */
export async function selectPrices(db: Queryable, scope: PricesScope): Promise<PriceRow[]> {
  return selectPricesQuery(db, scope);
}

/**
 * The whole set replaced: every row of the property deleted, the new ones inserted (in one
 * statement each). For a transaction that holds the property's lock, so two replacements take
 * turns instead of both inserting a type.
 */
export async function replacePrices(
  db: Queryable,
  scope: PricesScope,
  prices: { deviceType: PricedType; perUnit: number; fixedPerMonth: number }[],
  updatedBy: string,
) {
  await db
    .delete(propertyPrices)
    .where(
      and(
        eq(propertyPrices.organizationId, scope.organizationId),
        eq(propertyPrices.propertyId, scope.propertyId),
      ),
    );
  if (prices.length === 0) return;
  await db
    .insert(propertyPrices)
    .values(prices.map((price) => ({ ...scope, ...price, updatedBy, updatedAt: sql`now()` })));
}
