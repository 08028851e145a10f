// The property form's values as typed (numbers as text, in the language's notation) and how the
// contract form (lib/contract-form) reads them: which are numbers, and this form's own wording for
// a problem where the generic one would say less (an example, the factor's range, a future year).
import type { HeatingCarrier, Language, PropertyType } from '@portal/contracts/domain';
import {
  BUILD_YEAR_MIN,
  DEFAULT_GEO_FACTOR,
  DEFAULT_OFFLINE_AFTER_MINUTES,
  DEFAULT_TIME_ZONE,
  GEO_FACTOR_MAX,
  GEO_FACTOR_MIN,
  OFFLINE_AFTER_MINUTES_MAX,
  OFFLINE_AFTER_MINUTES_MIN,
  type Property,
} from '@portal/contracts/properties';
import type { FormSettings } from '../../../lib/contract-form';
import type { FieldMessage } from '../../../lib/form-issues';
import { formatNumberForInput } from '../../../lib/format';

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
  /** Minutes, chosen from a list (model/offline-after.ts). */
  offlineAfterMinutes: string;
};

const GEO_FACTOR_RANGE: FieldMessage = {
  key: 'properties:form.errors.geoFactorRange',
  values: { minimum: GEO_FACTOR_MIN, maximum: GEO_FACTOR_MAX },
};

const OFFLINE_AFTER_RANGE: FieldMessage = {
  key: 'properties:alerts.setting.range',
  values: { minimum: OFFLINE_AFTER_MINUTES_MIN, maximum: OFFLINE_AFTER_MINUTES_MAX },
};

export const PROPERTY_FORM: FormSettings<PropertyFormValues> = {
  numbers: ['heatedArea', 'buildYear', 'geoFactor', 'offlineAfterMinutes'],
  messages: {
    name: {
      required: 'properties:form.errors.nameRequired',
      tooLong: 'properties:form.errors.nameTooLong',
    },
    organizationId: { required: 'properties:form.errors.organizationRequired' },
    address: { tooLong: 'properties:form.errors.addressTooLong' },
    heatedArea: {
      notANumber: { key: 'properties:form.errors.heatedAreaNumber', values: { example: 2450.5 } },
      greaterThan: 'properties:form.errors.heatedAreaPositive',
      atMost: 'properties:form.errors.heatedAreaTooLarge',
    },
    buildYear: {
      notANumber: 'properties:form.errors.buildYearNumber',
      notWhole: 'properties:form.errors.buildYearWhole',
      // A year is written without digit groups.
      atLeast: {
        key: 'properties:form.errors.buildYearTooEarly',
        values: { limit: String(BUILD_YEAR_MIN) },
      },
      // The contract's one refinement of the year: not too far ahead.
      invalid: 'properties:form.errors.buildYearFuture',
    },
    timeZone: { invalid: 'properties:form.errors.timeZoneInvalid' },
    geoFactor: {
      notANumber: { key: 'properties:form.errors.geoFactorNumber', values: { example: 1.1 } },
      atLeast: GEO_FACTOR_RANGE,
      atMost: GEO_FACTOR_RANGE,
    },
    // Chosen from a list, so only a server's refusal can name it: whatever it says, the range.
    offlineAfterMinutes: {
      notANumber: OFFLINE_AFTER_RANGE,
      notWhole: OFFLINE_AFTER_RANGE,
      atLeast: OFFLINE_AFTER_RANGE,
      atMost: OFFLINE_AFTER_RANGE,
    },
  },
};

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
    offlineAfterMinutes: String(DEFAULT_OFFLINE_AFTER_MINUTES),
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
    offlineAfterMinutes: String(property.offlineAfterMinutes),
  };
}
