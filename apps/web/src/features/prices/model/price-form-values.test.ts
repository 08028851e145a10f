// The prices form read by the contract: Swedish decimal commas, empty as no price, the bounds.
import { PRICE_PER_UNIT_MAX } from '@portal/contracts/prices';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../lib/contract-form';
import { PRICES_FORM, PricesFormSchema, priceValuesOf } from './price-form-values';

const empty = priceValuesOf(undefined, 'sv');

describe('the prices form', () => {
  it('sends the types with a price, a Swedish decimal comma read, the empty part as 0', () => {
    const checked = checkForm(
      PricesFormSchema,
      { ...empty, heatPerUnit: '0,95', heatFixedPerMonth: '1 200,5', cwPerUnit: '45' },
      PRICES_FORM,
      'sv',
    );
    expect(checked).toEqual({
      ok: true,
      body: {
        currency: 'SEK',
        byType: {
          heat: { perUnit: 0.95, unit: 'kWh', fixedPerMonth: 1200.5 },
          cw: { perUnit: 45, unit: 'm3', fixedPerMonth: 0 },
        },
      },
    });
  });

  it('sends no price at all when every field is empty', () => {
    expect(checkForm(PricesFormSchema, empty, PRICES_FORM, 'en')).toEqual({
      ok: true,
      body: { currency: 'SEK', byType: {} },
    });
  });

  it('refuses a negative price, one too high and one that is no number, on their fields', () => {
    const checked = checkForm(
      PricesFormSchema,
      {
        ...empty,
        heatPerUnit: '-1',
        elPerUnit: String(PRICE_PER_UNIT_MAX + 1),
        hwPerUnit: '1.2,5',
      },
      PRICES_FORM,
      'sv',
    );
    expect(checked).toEqual({
      ok: false,
      messages: {
        heatPerUnit: { key: 'forms:atLeast', values: { limit: 0 } },
        elPerUnit: { key: 'forms:atMost', values: { limit: PRICE_PER_UNIT_MAX } },
        hwPerUnit: { key: 'forms:notANumber' },
      },
    });
  });

  it('fills the form with the prices set, the language’s way', () => {
    const values = priceValuesOf(
      {
        currency: 'SEK',
        byType: { el: { perUnit: 1.25, unit: 'kWh', fixedPerMonth: 300 } },
        updatedAt: '2026-11-20T10:00:00+01:00',
      },
      'sv',
    );
    expect(values).toEqual({ ...empty, elPerUnit: '1,25', elFixedPerMonth: '300' });
  });
});
