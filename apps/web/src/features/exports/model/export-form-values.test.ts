// The export form's defaults and quick windows, the buckets a window has, and how the contract's
// refusals read (checked without rendering, as contract-form's checkForm does before sending).
import { CreateExportSchema, EXPORT_MAX_DAYS } from '@portal/contracts/exports';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../lib/contract-form';
import {
  bucketsIn,
  daysIn,
  EXPORT_FORM,
  type ExportFormValues,
  initialExportValues,
  WINDOW_PRESETS,
} from './export-form-values';

const check = (values: Partial<ExportFormValues>) =>
  checkForm(
    CreateExportSchema,
    { ...initialExportValues('2026-11-24'), ...values },
    EXPORT_FORM,
    'sv',
  );

describe('the quick windows', () => {
  it('give last month whole, in a leap year too, and across a new year', () => {
    expect(WINDOW_PRESETS.lastMonth('2026-11-24')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(WINDOW_PRESETS.lastMonth('2028-03-01')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(WINDOW_PRESETS.lastMonth('2027-01-15')).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('give this month so far and last year whole', () => {
    expect(WINDOW_PRESETS.thisMonth('2026-11-24')).toEqual({
      from: '2026-11-01',
      to: '2026-11-24',
    });
    expect(WINDOW_PRESETS.lastYear('2026-11-24')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });
});

describe('the buckets of a window', () => {
  const october = { from: '2026-10-01', to: '2026-10-31' };
  it('counts hours, days and months', () => {
    expect(daysIn(october)).toBe(31);
    expect(bucketsIn(october, 'hour')).toBe(744);
    expect(bucketsIn(october, 'day')).toBe(31);
    expect(bucketsIn(october, 'month')).toBe(1);
    expect(bucketsIn({ from: '2025-11-15', to: '2026-02-01' }, 'month')).toBe(4);
  });

  it('counts none for a window that ends before it starts', () => {
    expect(bucketsIn({ from: '2026-10-31', to: '2026-10-01' }, 'day')).toBe(0);
  });
});

describe('the form read by the contract', () => {
  it('sends every area by default, and only the list of the choice made', () => {
    expect(check({})).toEqual({
      ok: true,
      body: {
        areas: [],
        areaTypes: [],
        from: '2026-10-01',
        to: '2026-10-31',
        types: ['heat', 'el', 'hw', 'cw', 'solar'],
        style: 'xlsx',
        resolution: 'day',
        fields: ['area', 'device'],
      },
    });
    const area = '00000000-0000-4000-8000-000000000001';
    expect(check({ areaChoice: 'types', areaTypes: ['apt'], areas: [area] })).toMatchObject({
      body: { areas: [], areaTypes: ['apt'] },
    });
    expect(check({ areaChoice: 'some', areaTypes: ['apt'], areas: [area] })).toMatchObject({
      body: { areas: [area], areaTypes: [] },
    });
  });

  it('names a window that ends before it starts, and one that is too long', () => {
    expect(check({ from: '2026-10-31', to: '2026-10-01' })).toEqual({
      ok: false,
      messages: { to: { key: 'exports:form.toBeforeFrom' } },
    });
    expect(check({ from: '2020-01-01', to: '2026-10-01' })).toEqual({
      ok: false,
      messages: { to: { key: 'exports:form.tooLong', values: { days: EXPORT_MAX_DAYS } } },
    });
  });

  it('asks for a type, an area type or an area when none is chosen', () => {
    expect(check({ types: [] })).toMatchObject({
      messages: { types: { key: 'exports:form.typesRequired' } },
    });
    expect(check({ areaChoice: 'types' })).toMatchObject({
      messages: { areaTypes: { key: 'exports:form.areaTypesRequired' } },
    });
    expect(check({ areaChoice: 'some' })).toMatchObject({
      messages: { areas: { key: 'exports:form.areasRequired' } },
    });
  });
});
