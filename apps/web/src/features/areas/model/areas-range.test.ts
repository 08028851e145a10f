// What the contract form makes of a numbered range (the request body, or each field's message),
// and the live preview's reading of the numbers typed so far.
import { CreateAreasSchema } from '@portal/contracts/areas';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../lib/contract-form';
import {
  emptyRangeForm,
  RANGE_FORM,
  type RangeFormValues,
  rangeNames,
  typedRange,
} from './areas-range';

const check = (fields: Partial<RangeFormValues>) =>
  checkForm(CreateAreasSchema, { ...emptyRangeForm(), ...fields }, RANGE_FORM, 'sv');

describe('the range form’s check', () => {
  it('gives the request body for 1001–1024', () => {
    expect(check({ from: '1001', to: '1024', namePrefix: 'Lgh ', floorArea: '72,5' })).toEqual({
      ok: true,
      body: { areaType: 'apt', from: 1001, to: 1024, namePrefix: 'Lgh ', floorArea: 72.5 },
    });
  });

  it('accepts exactly 500 and refuses 501, saying how many it has', () => {
    expect(check({ from: '1', to: '500' }).ok).toBe(true);
    expect(check({ from: '1', to: '501' })).toEqual({
      ok: false,
      messages: { to: { key: 'areas:check.tooMany', values: { max: 500, count: 501 } } },
    });
  });

  it.each([
    [{ from: '10', to: '9' }, { to: { key: 'areas:check.fromAfterTo' } }],
    [{ from: '', to: '9' }, { from: { key: 'areas:check.numberRequired' } }],
    [{ from: '1', to: ' ' }, { to: { key: 'areas:check.numberRequired' } }],
    [
      { from: 'a', to: 'b' },
      { from: { key: 'areas:check.numberInvalid' }, to: { key: 'areas:check.numberInvalid' } },
    ],
    [{ from: '1', to: '2,5' }, { to: { key: 'areas:check.numberInvalid' } }],
    [
      { from: '-2', to: '3' },
      { from: { key: 'areas:check.numberNegative', values: { limit: 0 } } },
    ],
    [
      { from: '1', to: '2', namePrefix: 'x'.repeat(101) },
      { namePrefix: { key: 'areas:check.prefixTooLong', values: { limit: 100 } } },
    ],
    [
      { from: '1', to: '2', floorArea: '-5' },
      { floorArea: { key: 'areas:check.floorAreaPositive', values: { limit: 0 } } },
    ],
  ])('names the problem with %j', (fields, messages) => {
    expect(check(fields)).toEqual({ ok: false, messages });
  });

  it('sends no prefix of spaces alone, and no leading spaces', () => {
    const spaces = check({ from: '1', to: '2', namePrefix: '   ' });
    expect(spaces.ok && spaces.body.namePrefix).toBe('');
    const leading = check({ from: '1', to: '2', namePrefix: '  Lgh ' });
    expect(leading.ok && leading.body.namePrefix).toBe('Lgh ');
  });
});

describe('the preview', () => {
  it('counts the range inclusively, and reports a reversed one as empty', () => {
    expect(typedRange({ from: '1001', to: '1024' }, 'sv')).toEqual({
      from: 1001,
      to: 1024,
      count: 24,
    });
    expect(typedRange({ from: '5', to: '5' }, 'sv')?.count).toBe(1);
    expect(typedRange({ from: '5', to: '4' }, 'sv')?.count).toBe(0);
    expect(typedRange({ from: '1 001', to: '1\u00a0024' }, 'sv')?.count).toBe(24);
  });

  it('describes nothing until both are whole numbers', () => {
    expect(typedRange({ from: '5', to: '' }, 'sv')).toBeNull();
    expect(typedRange({ from: '5', to: '7,5' }, 'sv')).toBeNull();
    expect(typedRange({ from: 'tio', to: '20' }, 'sv')).toBeNull();
  });

  it('names the areas as the server will, prefix and number', () => {
    expect(rangeNames('Lgh ', 1001, 1024)).toEqual({ first: 'Lgh 1001', last: 'Lgh 1024' });
    expect(rangeNames('  ', 1, 2)).toBeNull();
  });
});
