// The property form's values in each language's notation, and what the contract form makes of
// them: the body the API is sent, or this form's message per field (lib/form-issues translates).
import { CreatePropertySchema, type Property } from '@portal/contracts/properties';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../lib/contract-form';
import {
  newPropertyValues,
  PROPERTY_FORM,
  type PropertyFormValues,
  propertyValuesOf,
} from './property-values';

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

const check = (change: Partial<PropertyFormValues>, language: 'sv' | 'en' = 'sv') =>
  checkForm(CreatePropertySchema, { ...valid, ...change }, PROPERTY_FORM, language);

describe('the property form’s check', () => {
  it('gives what the API is sent: trimmed texts and numbers', () => {
    expect(check({})).toEqual({
      ok: true,
      body: {
        name: 'Solrosen 1',
        organizationId: ORGANIZATION_ID,
        address: 'Solrosvägen 1',
        propertyType: 'multi-dwelling',
        heatedArea: 2450.5,
        buildYear: 1965,
        timeZone: 'Europe/Stockholm',
        heatingCarrier: 'district-heating',
        geoFactor: 1.1,
        offlineAfterMinutes: 180,
      },
    });
  });

  it('sends the offline threshold chosen as minutes, and names its range when refused', () => {
    expect(check({ offlineAfterMinutes: '1440' })).toMatchObject({
      ok: true,
      body: { offlineAfterMinutes: 1440 },
    });
    expect(check({ offlineAfterMinutes: '5' })).toMatchObject({
      ok: false,
      messages: {
        offlineAfterMinutes: {
          key: 'properties:alerts.setting.range',
          values: { minimum: 15, maximum: 10_080 },
        },
      },
    });
  });

  it('sends unknown area and year as null, and an empty Fgeo as 1', () => {
    expect(check({ heatedArea: '', buildYear: '', geoFactor: '' })).toMatchObject({
      ok: true,
      body: { heatedArea: null, buildYear: null, geoFactor: 1 },
    });
  });

  const messagesOf = (change: Partial<PropertyFormValues>, language: 'sv' | 'en' = 'sv') => {
    const checked = check(change, language);
    if (checked.ok) throw new Error('expected a problem');
    return checked.messages;
  };

  it.each<[Partial<PropertyFormValues>, string, string]>([
    [{ name: ' ' }, 'name', 'properties:form.errors.nameRequired'],
    [{ name: 'x'.repeat(201) }, 'name', 'properties:form.errors.nameTooLong'],
    [{ organizationId: '' }, 'organizationId', 'properties:form.errors.organizationRequired'],
    [{ address: 'x'.repeat(301) }, 'address', 'properties:form.errors.addressTooLong'],
    [{ heatedArea: 'stor' }, 'heatedArea', 'properties:form.errors.heatedAreaNumber'],
    [{ heatedArea: '0' }, 'heatedArea', 'properties:form.errors.heatedAreaPositive'],
    [{ heatedArea: '-5' }, 'heatedArea', 'properties:form.errors.heatedAreaPositive'],
    [{ heatedArea: '20000000' }, 'heatedArea', 'properties:form.errors.heatedAreaTooLarge'],
    [{ buildYear: 'förr' }, 'buildYear', 'properties:form.errors.buildYearNumber'],
    [{ buildYear: '1965,5' }, 'buildYear', 'properties:form.errors.buildYearWhole'],
    [{ buildYear: '999' }, 'buildYear', 'properties:form.errors.buildYearTooEarly'],
    [{ buildYear: '3000' }, 'buildYear', 'properties:form.errors.buildYearFuture'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'properties:form.errors.timeZoneInvalid'],
    [{ geoFactor: 'ett' }, 'geoFactor', 'properties:form.errors.geoFactorNumber'],
    [{ geoFactor: '0,4' }, 'geoFactor', 'properties:form.errors.geoFactorRange'],
    [{ geoFactor: '3,5' }, 'geoFactor', 'properties:form.errors.geoFactorRange'],
    // A type the contract does not know: the generic message.
    [{ propertyType: 'castle' as never }, 'propertyType', 'forms:choose'],
  ])('names the problem of %j', (change, field, key) => {
    const messages = messagesOf(change);
    expect(Object.keys(messages)).toEqual([field]);
    expect(messages[field as keyof typeof messages]?.key).toBe(key);
  });

  it('gives the limits from the contract and the examples', () => {
    expect(messagesOf({ geoFactor: '9' }).geoFactor?.values).toEqual({
      limit: 3,
      minimum: 0.5,
      maximum: 3,
    });
    expect(messagesOf({ heatedArea: 'x' }).heatedArea?.values).toEqual({ example: 2450.5 });
    expect(messagesOf({ heatedArea: '20000000000' }).heatedArea?.values).toEqual({
      limit: 10_000_000,
    });
    // A year is written without digit groups: 1000, not 1 000.
    expect(messagesOf({ buildYear: '999' }).buildYear?.values).toEqual({ limit: '1000' });
  });

  it('reads the numbers in English notation in English', () => {
    expect(check({ heatedArea: '2,450.5', geoFactor: '1.1' }, 'en')).toMatchObject({
      ok: true,
      body: { heatedArea: 2450.5, geoFactor: 1.1 },
    });
    expect(messagesOf({ heatedArea: '2450,5' }, 'en').heatedArea?.key).toBe(
      'properties:form.errors.heatedAreaNumber',
    );
  });

  it('names every wrong field at once', () => {
    expect(Object.keys(messagesOf({ name: '', heatedArea: 'x', geoFactor: '9' })).sort()).toEqual([
      'geoFactor',
      'heatedArea',
      'name',
    ]);
  });
});
