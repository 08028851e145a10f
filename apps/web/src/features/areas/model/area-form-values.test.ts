// What the contract form makes of one area's typed values: the request body, or this form's
// message per field (lib/form-issues translates); and the example the floor-area fields show.
import { CreateAreaSchema } from '@portal/contracts/areas';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../lib/contract-form';
import {
  AREA_FORM,
  type AreaFormValues,
  emptyAreaForm,
  floorAreaExample,
} from './area-form-values';

const check = (fields: Partial<AreaFormValues>, language: 'sv' | 'en' = 'sv') =>
  checkForm(CreateAreaSchema, { ...emptyAreaForm(), ...fields }, AREA_FORM, language);

describe('the area form’s check', () => {
  it('gives the request body, name trimmed and numbers read the language’s way', () => {
    expect(check({ name: ' Tvätt ', areaType: 'lau', number: '', floorArea: '24,5' })).toEqual({
      ok: true,
      body: { name: 'Tvätt', areaType: 'lau', number: null, floorArea: 24.5 },
    });
    expect(check({ number: '1 001', floorArea: '1,024.5' }, 'en')).toMatchObject({
      ok: true,
      body: { number: 1001, floorArea: 1024.5 },
    });
  });

  it.each([
    [{ name: '   ' }, { name: { key: 'areas:check.nameOrNumber' } }],
    [
      { name: 'x'.repeat(201) },
      { name: { key: 'areas:check.nameTooLong', values: { limit: 200 } } },
    ],
    [{ number: '1.5' }, { number: { key: 'areas:check.numberInvalid' } }],
    [{ number: '10a' }, { number: { key: 'areas:check.numberInvalid' } }],
    [{ number: '1e3' }, { number: { key: 'areas:check.numberInvalid' } }],
    [{ number: '-1' }, { number: { key: 'areas:check.numberNegative', values: { limit: 0 } } }],
    [
      { number: '100000000' },
      { number: { key: 'areas:check.numberTooBig', values: { limit: 99_999_999 } } },
    ],
    [
      { number: '1', floorArea: 'x' },
      { floorArea: { key: 'areas:check.floorAreaInvalid', values: { example: 72.5 } } },
    ],
    [
      { number: '1', floorArea: '0' },
      { floorArea: { key: 'areas:check.floorAreaPositive', values: { limit: 0 } } },
    ],
    [
      { number: '1', floorArea: '1000001' },
      { floorArea: { key: 'areas:check.floorAreaTooBig', values: { limit: 1_000_000 } } },
    ],
  ])('names the problem with %j', (fields, messages) => {
    expect(check(fields)).toEqual({ ok: false, messages });
  });
});

describe('floorAreaExample', () => {
  it('writes the example the way the language types it', () => {
    expect(floorAreaExample('sv')).toBe('72,5');
    expect(floorAreaExample('en')).toBe('72.5');
  });
});
