// The prices form's values as typed (numbers as text, in the language's notation: '1,25', '1 200')
// and the schema that reads them: the contract's own rules for a price per unit and a fixed part
// (prices.ts PriceSchema), one pair of fields per type, turned into the PUT's body. A type with
// both fields empty has no price; with one of them filled, the empty one is 0 kr.
import type { Language } from '@portal/contracts/domain';
import {
  PRICE_UNITS,
  PRICED_TYPES,
  type PricedType,
  PriceSchema,
  type Prices,
  type UpdatePrices,
} from '@portal/contracts/prices';
import { z } from '@portal/contracts/zod';
import type { FormSettings } from '../../../lib/contract-form';
import { formatNumberForInput } from '../../../lib/format';

export type PriceField = `${PricedType}${'PerUnit' | 'FixedPerMonth'}`;
export type PriceFormValues = Record<PriceField, string>;

export const perUnitField = (type: PricedType) => `${type}PerUnit` as const;
export const fixedField = (type: PricedType) => `${type}FixedPerMonth` as const;

const FIELDS = PRICED_TYPES.flatMap((type) => [perUnitField(type), fixedField(type)]);

const fieldSchemas = Object.fromEntries(
  PRICED_TYPES.flatMap((type) => [
    [perUnitField(type), PriceSchema.shape.perUnit.optional()],
    [fixedField(type), PriceSchema.shape.fixedPerMonth.optional()],
  ]),
) as Record<PriceField, z.ZodOptional<typeof PriceSchema.shape.perUnit>>;

/** The form's fields, checked by the contract's rules, as the PUT's body. */
export const PricesFormSchema = z.object(fieldSchemas).transform(
  (read): UpdatePrices => ({
    currency: 'SEK',
    byType: Object.fromEntries(
      PRICED_TYPES.flatMap((type) => {
        const perUnit = read[perUnitField(type)];
        const fixedPerMonth = read[fixedField(type)];
        if (perUnit === undefined && fixedPerMonth === undefined) return [];
        return [
          [
            type,
            { perUnit: perUnit ?? 0, unit: PRICE_UNITS[type], fixedPerMonth: fixedPerMonth ?? 0 },
          ],
        ];
      }),
    ),
  }),
);

/** Every field is a number; the generic messages (forms) say what is wrong with one. */
export const PRICES_FORM: FormSettings<PriceFormValues> = { numbers: FIELDS };

/** The prices set, as typed back into the form; a type without a price is two empty fields. */
export function priceValuesOf(prices: Prices | undefined, language: Language): PriceFormValues {
  return Object.fromEntries(
    PRICED_TYPES.flatMap((type) => {
      const price = prices?.byType[type];
      return [
        [perUnitField(type), price ? formatNumberForInput(price.perUnit, language) : ''],
        [fixedField(type), price ? formatNumberForInput(price.fixedPerMonth, language) : ''],
      ];
    }),
  ) as PriceFormValues;
}
