// The one translator: each rule of the contract to its kind and catalogue key, the same for what
// zod finds in the browser and what the server's VALIDATION_FAILED names; a form's own wording.
import { CreateAreaSchema, CreateAreasSchema } from '@portal/contracts/areas';
import { CreatePropertySchema } from '@portal/contracts/properties';
import { CreateUserSchema } from '@portal/contracts/users';
import { describe, expect, it } from 'vitest';
import { resources } from '../test/catalogues';
import {
  type FieldIssue,
  type FieldMessages,
  fieldIssueOf,
  fieldMessageOf,
  ISSUE_KINDS,
  issueKind,
  messageValues,
} from './form-issues';

const TEXT = { numeric: false, empty: false };
const NUMBER = { numeric: true, empty: false };

describe('issueKind', () => {
  it.each<[string, FieldIssue, { numeric: boolean; empty: boolean }, string]>([
    [
      'an empty text',
      { field: 'name', rule: 'too_small', limit: 1 },
      { ...TEXT, empty: true },
      'required',
    ],
    [
      'spaces alone, trimmed away',
      { field: 'name', rule: 'too_small', limit: 1 },
      TEXT,
      'required',
    ],
    ['a text too short', { field: 'code', rule: 'too_small', limit: 8 }, TEXT, 'tooShort'],
    ['a text too long', { field: 'name', rule: 'too_big', limit: 200 }, TEXT, 'tooLong'],
    ['text where a number belongs', { field: 'area', rule: 'invalid_type' }, NUMBER, 'notANumber'],
    [
      'a number not typed',
      { field: 'from', rule: 'invalid_type' },
      { ...NUMBER, empty: true },
      'required',
    ],
    [
      'a decimal where a whole number belongs',
      { field: 'year', rule: 'invalid_type', format: 'safeint' },
      NUMBER,
      'notWhole',
    ],
    [
      'a number below an inclusive bound',
      { field: 'n', rule: 'too_small', limit: 0 },
      NUMBER,
      'atLeast',
    ],
    [
      'a number not above an exclusive bound',
      { field: 'area', rule: 'too_small', limit: 0, inclusive: false },
      NUMBER,
      'greaterThan',
    ],
    ['a number above its bound', { field: 'n', rule: 'too_big', limit: 3 }, NUMBER, 'atMost'],
    [
      'a number not below an exclusive bound',
      { field: 'n', rule: 'too_big', limit: 3, inclusive: false },
      NUMBER,
      'lessThan',
    ],
    [
      'an e-mail address',
      { field: 'email', rule: 'invalid_format', format: 'email' },
      TEXT,
      'email',
    ],
    [
      'an empty e-mail address',
      { field: 'email', rule: 'invalid_format', format: 'email' },
      { ...TEXT, empty: true },
      'email',
    ],
    [
      "a character that cannot be stored (the contracts' text())",
      { field: 'name', rule: 'invalid_format', format: 'text' },
      TEXT,
      'text',
    ],
    ['another format', { field: 'id', rule: 'invalid_format', format: 'uuid' }, TEXT, 'format'],
    [
      'nothing chosen from a list of ids',
      { field: 'id', rule: 'invalid_format', format: 'uuid' },
      { ...TEXT, empty: true },
      'required',
    ],
    ['a value not among the choices', { field: 'type', rule: 'invalid_value' }, TEXT, 'choose'],
    ['a refinement', { field: 'name', rule: 'custom' }, TEXT, 'invalid'],
    ['a rule not known yet', { field: 'x', rule: 'not_multiple_of' }, NUMBER, 'invalid'],
  ])('reads %s', (_case, issue, field, kind) => {
    expect(issueKind(issue, field)).toBe(kind);
  });
});

const context = <Values>(values: Values, field: Partial<typeof TEXT> = {}) => ({
  ...TEXT,
  ...field,
  values,
  language: 'sv' as const,
});

describe('fieldMessageOf', () => {
  it('gives the generic message of the kind, with the bound', () => {
    expect(fieldMessageOf({ field: 'name', rule: 'too_big', limit: 200 }, context({}))).toEqual({
      key: 'forms:tooLong',
      values: { limit: 200 },
    });
    expect(fieldMessageOf({ field: 'type', rule: 'invalid_value' }, context({}))).toEqual({
      key: 'forms:choose',
    });
  });

  type Values = { name: string; geoFactor: string; from: string; to: string };
  const messages: FieldMessages<Values> = {
    name: { invalid: 'areas:check.nameOrNumber', tooLong: 'areas:check.nameTooLong' },
    geoFactor: {
      atMost: {
        key: 'properties:form.errors.geoFactorRange',
        values: { minimum: 0.5, maximum: 3 },
      },
    },
    to: {
      invalid: (_issue, { values }) =>
        Number(values.from) > Number(values.to)
          ? { key: 'areas:check.fromAfterTo' }
          : { key: 'areas:check.tooMany', values: { count: Number(values.to) } },
    },
  };
  const values: Values = { name: '', geoFactor: '9', from: '10', to: '9' };

  it("takes a field's own wording for a kind, keeping the bound", () => {
    expect(fieldMessageOf({ field: 'name', rule: 'custom' }, context(values), messages)).toEqual({
      key: 'areas:check.nameOrNumber',
    });
    expect(
      fieldMessageOf({ field: 'name', rule: 'too_big', limit: 200 }, context(values), messages),
    ).toEqual({ key: 'areas:check.nameTooLong', values: { limit: 200 } });
    expect(
      fieldMessageOf(
        { field: 'geoFactor', rule: 'too_big', limit: 3 },
        context(values, { numeric: true }),
        messages,
      ),
    ).toEqual({
      key: 'properties:form.errors.geoFactorRange',
      values: { limit: 3, minimum: 0.5, maximum: 3 },
    });
  });

  it('keeps the generic message for the kinds a field does not word itself', () => {
    expect(
      fieldMessageOf({ field: 'name', rule: 'too_small', limit: 1 }, context(values), messages).key,
    ).toBe('forms:required');
    expect(
      fieldMessageOf(
        { field: 'geoFactor', rule: 'invalid_type' },
        context(values, { numeric: true }),
        messages,
      ).key,
    ).toBe('forms:notANumber');
  });

  it('works a message out from the form where the rule alone cannot tell', () => {
    const to: FieldIssue = { field: 'to', rule: 'custom' };
    expect(fieldMessageOf(to, context(values), messages).key).toBe('areas:check.fromAfterTo');
    expect(fieldMessageOf(to, context({ ...values, to: '600' }), messages)).toEqual({
      key: 'areas:check.tooMany',
      values: { count: 600 },
    });
  });
});

describe('messageValues', () => {
  it('writes numbers the language’s way and text as it is', () => {
    const message = {
      key: 'forms:atMost',
      values: { limit: 1_000_000, example: 2450.5, year: '1000' },
    } as const;
    expect(messageValues(message, 'sv')).toEqual({
      limit: '1\u00a0000\u00a0000',
      example: '2\u00a0450,5',
      year: '1000',
    });
    expect(messageValues(message, 'en')).toEqual({
      limit: '1,000,000',
      example: '2,450.5',
      year: '1000',
    });
  });
});

describe('fieldIssueOf', () => {
  const issuesOf = (result: { error?: { issues: Parameters<typeof fieldIssueOf>[0][] } }) =>
    result.error?.issues.map(fieldIssueOf);

  it('gives a zod issue the shape the server sends', () => {
    expect(
      issuesOf(
        CreatePropertySchema.safeParse({
          name: 'x'.repeat(201),
          organizationId: 'not-an-id',
          propertyType: 'castle',
          heatedArea: 0,
          buildYear: 1965.5,
          geoFactor: Number.NaN,
        }),
      ),
    ).toEqual([
      { field: 'name', rule: 'too_big', limit: 200, inclusive: true },
      { field: 'organizationId', rule: 'invalid_format', format: 'uuid' },
      { field: 'propertyType', rule: 'invalid_value' },
      { field: 'heatedArea', rule: 'too_small', limit: 0, inclusive: false },
      { field: 'buildYear', rule: 'invalid_type', format: 'safeint' },
      { field: 'geoFactor', rule: 'invalid_type' },
    ]);
    expect(issuesOf(CreateUserSchema.safeParse({ email: 'nobody' }))).toEqual([
      { field: 'email', rule: 'invalid_format', format: 'email' },
    ]);
  });

  it('names the field a refinement of the whole body points at', () => {
    expect(issuesOf(CreateAreaSchema.safeParse({ areaType: 'apt' }))).toEqual([
      { field: 'name', rule: 'custom' },
    ]);
    expect(issuesOf(CreateAreasSchema.safeParse({ areaType: 'apt', from: 2, to: 1 }))).toEqual([
      { field: 'to', rule: 'custom' },
    ]);
  });
});

describe('the forms catalogue', () => {
  it('has a generic message for every kind, in both languages', () => {
    for (const language of ['sv', 'en'] as const)
      expect(Object.keys(resources[language].forms).sort()).toEqual([...ISSUE_KINDS].sort());
  });
});
