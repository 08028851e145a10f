// The property form's numbers in each language's notation (read and written by lib/format, tested
// there), and its check with the contract's schema turned into translatable problems per field.
import type { Property } from '@portal/contracts/properties';
import { describe, expect, it } from 'vitest';
import {
  checkProperty,
  newPropertyValues,
  type PropertyFormValues,
  propertyValuesOf,
} from './property-form-values';

const ORGANIZATION_ID = '5a0c9a52-3f43-4c1e-9a57-6b1f0b7c2d11';

describe('newPropertyValues', () => {
  it('chooses the only organization, Stockholm time and Fgeo 1', () => {
    expect(newPropertyValues([{ id: ORGANIZATION_ID }], 'sv')).toMatchObject({
      organizationId: ORGANIZATION_ID,
      timeZone: 'Europe/Stockholm',
      heatingCarrier: 'district-heating',
      geoFactor: '1',
    });
  });

  it('leaves the choice open among several organizations', () => {
    expect(newPropertyValues([{ id: 'a' }, { id: 'b' }], 'sv').organizationId).toBe('');
  });
});

describe('propertyValuesOf', () => {
  it('shows a property’s numbers in the language', () => {
    const property = {
      name: 'Solrosen 1',
      organizationId: ORGANIZATION_ID,
      address: 'Solrosvägen 1',
      propertyType: 'multi-dwelling',
      heatedArea: 2450.5,
      buildYear: 1965,
      timeZone: 'Europe/Stockholm',
      heatingCarrier: 'heat-pump',
      geoFactor: 1.1,
    } as Property;
    expect(propertyValuesOf(property, 'sv')).toMatchObject({
      heatedArea: '2450,5',
      buildYear: '1965',
      geoFactor: '1,1',
    });
    expect(
      propertyValuesOf({ ...property, heatedArea: null, buildYear: null }, 'en'),
    ).toMatchObject({ heatedArea: '', buildYear: '', geoFactor: '1.1' });
  });
});

const valid: PropertyFormValues = {
  ...newPropertyValues([{ id: ORGANIZATION_ID }], 'sv'),
  name: '  Solrosen 1 ',
  address: ' Solrosvägen 1 ',
  heatedArea: '2 450,5',
  buildYear: '1965',
  geoFactor: '1,1',
};

describe('checkProperty', () => {
  it('gives what the API is sent: trimmed texts and numbers', () => {
    expect(checkProperty(valid, 'sv')).toEqual({
      ok: true,
      property: {
        name: 'Solrosen 1',
        organizationId: ORGANIZATION_ID,
        address: 'Solrosvägen 1',
        propertyType: 'multi-dwelling',
        heatedArea: 2450.5,
        buildYear: 1965,
        timeZone: 'Europe/Stockholm',
        heatingCarrier: 'district-heating',
        geoFactor: 1.1,
      },
    });
  });

  it('sends unknown area and year as null, and an empty Fgeo as 1', () => {
    const checked = checkProperty({ ...valid, heatedArea: '', buildYear: '', geoFactor: '' }, 'sv');
    expect(checked).toMatchObject({
      ok: true,
      property: { heatedArea: null, buildYear: null, geoFactor: 1 },
    });
  });

  const problemOf = (change: Partial<PropertyFormValues>, language: 'sv' | 'en' = 'sv') => {
    const checked = checkProperty({ ...valid, ...change }, language);
    if (checked.ok) throw new Error('expected a problem');
    return checked.problems;
  };

  it.each<[Partial<PropertyFormValues>, string, string]>([
    [{ name: ' ' }, 'name', 'form.errors.nameRequired'],
    [{ name: 'x'.repeat(201) }, 'name', 'form.errors.nameTooLong'],
    [{ organizationId: '' }, 'organizationId', 'form.errors.organizationRequired'],
    [{ address: 'x'.repeat(301) }, 'address', 'form.errors.addressTooLong'],
    [{ heatedArea: 'stor' }, 'heatedArea', 'form.errors.heatedAreaNumber'],
    [{ heatedArea: '0' }, 'heatedArea', 'form.errors.heatedAreaPositive'],
    [{ heatedArea: '-5' }, 'heatedArea', 'form.errors.heatedAreaPositive'],
    [{ heatedArea: '20000000' }, 'heatedArea', 'form.errors.heatedAreaTooLarge'],
    [{ buildYear: 'förr' }, 'buildYear', 'form.errors.buildYearNumber'],
    [{ buildYear: '1965,5' }, 'buildYear', 'form.errors.buildYearWhole'],
    [{ buildYear: '999' }, 'buildYear', 'form.errors.buildYearTooEarly'],
    [{ buildYear: '3000' }, 'buildYear', 'form.errors.buildYearFuture'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'form.errors.timeZoneInvalid'],
    [{ geoFactor: 'ett' }, 'geoFactor', 'form.errors.geoFactorNumber'],
    [{ geoFactor: '0,4' }, 'geoFactor', 'form.errors.geoFactorRange'],
    [{ geoFactor: '3,5' }, 'geoFactor', 'form.errors.geoFactorRange'],
  ])('names the problem of %j', (change, field, key) => {
    const problems = problemOf(change);
    expect(Object.keys(problems)).toEqual([field]);
    expect(problems[field as keyof typeof problems]?.key).toBe(key);
  });

  it('gives the limits and examples in the language', () => {
    expect(problemOf({ geoFactor: '9' }).geoFactor?.values).toEqual({
      minimum: '0,5',
      maximum: '3',
    });
    expect(problemOf({ geoFactor: '9' }, 'en').geoFactor?.values).toEqual({
      minimum: '0.5',
      maximum: '3',
    });
    expect(problemOf({ heatedArea: 'x' }).heatedArea?.values).toEqual({ example: '2\u00a0450,5' });
    expect(problemOf({ heatedArea: '20000000000' }).heatedArea?.values).toEqual({
      maximum: '10\u00a0000\u00a0000',
    });
  });

  it('names every wrong field at once', () => {
    expect(Object.keys(problemOf({ name: '', heatedArea: 'x', geoFactor: '9' })).sort()).toEqual([
      'geoFactor',
      'heatedArea',
      'name',
    ]);
  });
});
