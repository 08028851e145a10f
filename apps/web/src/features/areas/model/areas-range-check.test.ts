// The checks before anything is sent, by field and kind: one area and a numbered range.
import { describe, expect, it } from 'vitest';
import { checkArea, emptyAreaForm } from './area-form-check';
import { checkRange, emptyRangeForm, rangeNames, typedRange } from './areas-range-check';

describe('checkArea', () => {
  it('gives the request body, name trimmed and numbers read the language’s way', () => {
    expect(
      checkArea({ name: ' Tvätt ', areaType: 'lau', number: '', floorArea: '24,5' }, 'sv'),
    ).toEqual({
      ok: true,
      body: { name: 'Tvätt', areaType: 'lau', number: null, floorArea: 24.5 },
    });
  });

  it.each([
    [{ name: '   ' }, { name: { key: 'nameOrNumber' } }],
    [{ name: 'x'.repeat(201) }, { name: { key: 'nameTooLong', values: { max: 200 } } }],
    [{ number: '1.5' }, { number: { key: 'numberInvalid' } }],
    [{ number: '-1' }, { number: { key: 'numberNegative' } }],
    [{ number: '100000000' }, { number: { key: 'numberTooBig', values: { max: 99_999_999 } } }],
    [{ number: '1', floorArea: 'x' }, { floorArea: { key: 'floorAreaInvalid' } }],
    [{ number: '1', floorArea: '0' }, { floorArea: { key: 'floorAreaPositive' } }],
    [
      { number: '1', floorArea: '1000001' },
      { floorArea: { key: 'floorAreaTooBig', values: { max: 1_000_000 } } },
    ],
  ])('names the problem with %j', (fields, problems) => {
    expect(checkArea({ ...emptyAreaForm(), ...fields }, 'sv')).toEqual({ ok: false, problems });
  });
});

describe('checkRange', () => {
  const range = (fields: Partial<ReturnType<typeof emptyRangeForm>>) => ({
    ...emptyRangeForm(),
    ...fields,
  });

  it('gives the request body for 1001–1024', () => {
    expect(
      checkRange(range({ from: '1001', to: '1024', namePrefix: 'Lgh ', floorArea: '72,5' }), 'sv'),
    ).toEqual({
      ok: true,
      body: { areaType: 'apt', from: 1001, to: 1024, namePrefix: 'Lgh ', floorArea: 72.5 },
    });
  });

  it('accepts exactly 500 and refuses 501, saying how many it has', () => {
    expect(checkRange(range({ from: '1', to: '500' }), 'sv').ok).toBe(true);
    expect(checkRange(range({ from: '1', to: '501' }), 'sv')).toEqual({
      ok: false,
      problems: { to: { key: 'tooMany', values: { max: 500, count: 501 } } },
    });
  });

  it.each([
    [{ from: '10', to: '9' }, { to: { key: 'fromAfterTo' } }],
    [{ from: '', to: '9' }, { from: { key: 'numberRequired' } }],
    [{ from: '1', to: '' }, { to: { key: 'numberRequired' } }],
    [
      { from: 'a', to: 'b' },
      { from: { key: 'numberInvalid' }, to: { key: 'numberInvalid' } },
    ],
    [{ from: '-2', to: '3' }, { from: { key: 'numberNegative' } }],
    [
      { from: '1', to: '2', namePrefix: 'x'.repeat(101) },
      { namePrefix: { key: 'prefixTooLong', values: { max: 100 } } },
    ],
    [{ from: '1', to: '2', floorArea: '-5' }, { floorArea: { key: 'floorAreaPositive' } }],
  ])('names the problem with %j', (fields, problems) => {
    expect(checkRange(range(fields), 'sv')).toEqual({ ok: false, problems });
  });

  it('sends no prefix of spaces alone', () => {
    const checked = checkRange(range({ from: '1', to: '2', namePrefix: '   ' }), 'sv');
    expect(checked.ok && checked.body.namePrefix).toBe('');
  });
});

describe('the preview', () => {
  it('counts the range inclusively, and reports a reversed one as empty', () => {
    expect(typedRange({ from: '1001', to: '1024' })).toEqual({ from: 1001, to: 1024, count: 24 });
    expect(typedRange({ from: '5', to: '5' })?.count).toBe(1);
    expect(typedRange({ from: '5', to: '4' })?.count).toBe(0);
    expect(typedRange({ from: '5', to: '' })).toBeNull();
  });

  it('names the areas as the server will, prefix and number', () => {
    expect(rangeNames('Lgh ', 1001, 1024)).toEqual({ first: 'Lgh 1001', last: 'Lgh 1024' });
    expect(rangeNames('  ', 1, 2)).toBeNull();
  });
});
