// The property form's values as typed (numbers as text, in the language's notation) and their
// check with the contract's schema. Problems are named by field and kind of issue, so they are
// translated, never shown in the schema's English.
import type { HeatingCarrier, Language, PropertyType } from '@portal/contracts/domain';
import {
  CreatePropertySchema,
  DEFAULT_TIME_ZONE,
  type Property,
} from '@portal/contracts/properties';
import { formatNumber, formatNumberForInput, parseNumberInput } from '../../../lib/format';

export type PropertyFormValues = {
  name: string;
  organizationId: string;
  address: string;
  propertyType: PropertyType;
  heatedArea: string;
  buildYear: string;
  timeZone: string;
  heatingCarrier: HeatingCarrier;
  geoFactor: string;
};
export type PropertyField = keyof PropertyFormValues;

/** What the API is sent: the schema's output (trimmed, defaults filled in). */
export type PropertyPayload = ReturnType<typeof CreatePropertySchema.parse>;

type ErrorKey =
  | 'nameRequired'
  | 'nameTooLong'
  | 'organizationRequired'
  | 'addressTooLong'
  | 'heatedAreaNumber'
  | 'heatedAreaPositive'
  | 'heatedAreaTooLarge'
  | 'buildYearNumber'
  | 'buildYearWhole'
  | 'buildYearTooEarly'
  | 'buildYearFuture'
  | 'timeZoneInvalid'
  | 'geoFactorNumber'
  | 'geoFactorRange'
  | 'invalid';
/** A translation key of properties:form.errors and the values it interpolates. */
export type Problem = {
  key: `form.errors.${ErrorKey}`;
  values?: { example?: string; minimum?: string; maximum?: string };
};
export type PropertyProblems = Partial<Record<PropertyField, Problem>>;

export type PropertyCheck =
  | { ok: true; property: PropertyPayload }
  | { ok: false; problems: PropertyProblems };

// The limits come from the contract itself, so the messages cannot drift from what is checked.
const geoFactorSchema = CreatePropertySchema.shape.geoFactor.unwrap();
const heatedAreaSchema = CreatePropertySchema.shape.heatedArea.unwrap().unwrap();
const DEFAULT_GEO_FACTOR = 1;

export function newPropertyValues(
  organizations: readonly { id: string }[],
  language: Language,
): PropertyFormValues {
  return {
    name: '',
    // One organization to choose from: it is chosen already.
    organizationId: organizations.length === 1 ? (organizations[0]?.id ?? '') : '',
    address: '',
    propertyType: 'multi-dwelling',
    heatedArea: '',
    buildYear: '',
    timeZone: DEFAULT_TIME_ZONE,
    heatingCarrier: 'district-heating',
    geoFactor: formatNumberForInput(DEFAULT_GEO_FACTOR, language),
  };
}

export function propertyValuesOf(property: Property, language: Language): PropertyFormValues {
  return {
    name: property.name,
    organizationId: property.organizationId,
    address: property.address,
    propertyType: property.propertyType,
    heatedArea: formatNumberForInput(property.heatedArea, language),
    buildYear: property.buildYear === null ? '' : String(property.buildYear),
    timeZone: property.timeZone,
    heatingCarrier: property.heatingCarrier,
    geoFactor: formatNumberForInput(property.geoFactor, language),
  };
}

type Issue = { path: PropertyKey[]; code: string; expected?: unknown };

function problemOf(field: PropertyField, issue: Issue, language: Language): Problem {
  const number = (value: number) => formatNumber(value, language);
  switch (field) {
    case 'name':
      return {
        key: issue.code === 'too_big' ? 'form.errors.nameTooLong' : 'form.errors.nameRequired',
      };
    case 'organizationId':
      return { key: 'form.errors.organizationRequired' };
    case 'address':
      return { key: 'form.errors.addressTooLong' };
    case 'heatedArea':
      if (issue.code === 'too_small') return { key: 'form.errors.heatedAreaPositive' };
      if (issue.code === 'too_big')
        return {
          key: 'form.errors.heatedAreaTooLarge',
          values: { maximum: number(heatedAreaSchema.maxValue ?? 0) },
        };
      return { key: 'form.errors.heatedAreaNumber', values: { example: number(2450.5) } };
    case 'buildYear':
      if (issue.code === 'invalid_type')
        return {
          key:
            issue.expected === 'int' ? 'form.errors.buildYearWhole' : 'form.errors.buildYearNumber',
        };
      if (issue.code === 'too_small') return { key: 'form.errors.buildYearTooEarly' };
      return { key: 'form.errors.buildYearFuture' };
    case 'timeZone':
      return { key: 'form.errors.timeZoneInvalid' };
    case 'geoFactor':
      if (issue.code === 'invalid_type')
        return { key: 'form.errors.geoFactorNumber', values: { example: number(1.1) } };
      return {
        key: 'form.errors.geoFactorRange',
        values: {
          minimum: number(geoFactorSchema.minValue ?? 0),
          maximum: number(geoFactorSchema.maxValue ?? 0),
        },
      };
    default:
      return { key: 'form.errors.invalid' };
  }
}

const FIELDS = new Set<PropertyKey>([
  'name',
  'organizationId',
  'address',
  'propertyType',
  'heatedArea',
  'buildYear',
  'timeZone',
  'heatingCarrier',
  'geoFactor',
] satisfies PropertyField[]);
const isField = (key: PropertyKey | undefined): key is PropertyField =>
  key !== undefined && FIELDS.has(key);

export function checkProperty(values: PropertyFormValues, language: Language): PropertyCheck {
  const parsed = CreatePropertySchema.safeParse({
    ...values,
    heatedArea: parseNumberInput(values.heatedArea, language),
    buildYear: parseNumberInput(values.buildYear, language),
    geoFactor: parseNumberInput(values.geoFactor, language) ?? DEFAULT_GEO_FACTOR,
  });
  if (parsed.success) return { ok: true, property: parsed.data };
  const problems: PropertyProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    // The first problem of a field is the one to fix first.
    if (isField(field) && !problems[field]) problems[field] = problemOf(field, issue, language);
  }
  return { ok: false, problems };
}
