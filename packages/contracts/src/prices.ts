// A property's prices per meter type (DESIGN §4.4 "Prices"): GET and PUT
// /api/properties/{propertyId}/prices, what the usage estimate turns use into kronor with. A site
// manager sets them; every member reads them. kr per kWh for heat and electricity, kr per m³ for
// water, each with a fixed part per month; a type without a price has no cost.
import { z } from './zod';

export const PRICED_TYPES = ['heat', 'el', 'hw', 'cw'] as const;
export type PricedType = (typeof PRICED_TYPES)[number];

/** The unit a type's price is per: energy per kWh, water per m³. */
export const PRICE_UNITS = { heat: 'kWh', el: 'kWh', hw: 'm3', cw: 'm3' } as const satisfies Record<
  PricedType,
  string
>;

/** Highest price per unit and per month the form accepts, kronor. */
export const PRICE_PER_UNIT_MAX = 10_000;
export const FIXED_PER_MONTH_MAX = 10_000_000;

const kronor = (max: number, what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .min(0, { error: `${what} cannot be negative.` })
    .max(max, { error: `${what} must be at most ${max.toLocaleString('en')} kr.` });

export const PriceSchema = z.object({
  /** Kronor per unit (ex. 1.25 kr/kWh, 45 kr/m³). */
  perUnit: kronor(PRICE_PER_UNIT_MAX, 'The price per unit'),
  unit: z.enum(['kWh', 'm3']),
  /** Kronor per month whatever the use (a grid or subscription fee). */
  fixedPerMonth: kronor(FIXED_PER_MONTH_MAX, 'The fixed part per month'),
});
export type Price = z.infer<typeof PriceSchema>;

const byType = z
  .object({
    heat: PriceSchema.optional(),
    el: PriceSchema.optional(),
    hw: PriceSchema.optional(),
    cw: PriceSchema.optional(),
  })
  .strict()
  .refine(
    (prices) =>
      Object.entries(prices).every(
        ([type, price]) => !price || price.unit === PRICE_UNITS[type as PricedType],
      ),
    { error: 'Heat and electricity are priced per kWh, water per m³.' },
  );

/** The whole set, as PUT sends and GET answers (a type left out has no price). */
export const PricesSchema = z
  .object({
    currency: z.literal('SEK', { error: 'The currency is SEK.' }),
    byType,
    /** When a site manager last changed them; null when never set. */
    updatedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Prices' });
export type Prices = z.infer<typeof PricesSchema>;

export const UpdatePricesSchema = z.object({
  currency: z.literal('SEK', { error: 'The currency is SEK.' }),
  byType,
});
export type UpdatePrices = z.input<typeof UpdatePricesSchema>;
