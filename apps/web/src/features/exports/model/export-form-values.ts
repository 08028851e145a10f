// The export form's values as chosen and how the contract form (lib/contract-form) reads them into
// CreateExport: which areas (all, all of some types, or some named ones) is one choice on screen
// and two lists in the body; the window defaults to last month, whole; every type; a row a day; an
// Excel file with the area and the meter named. The contract's English messages become the
// `exports` catalogue's own words where the generic `forms` ones say too little.
import type { AreaType } from '@portal/contracts/domain';
import {
  EXPORT_MAX_AREAS,
  EXPORT_MAX_DAYS,
  type ExportField,
  type ExportResolution,
  type ExportStyle,
} from '@portal/contracts/exports';
import { STATISTICS_TYPES, type StatisticsType } from '@portal/contracts/statistics';
import type { FormSettings } from '../../../lib/contract-form';
import type { FieldIssue } from '../../../lib/form-issues';

export const AREA_CHOICES = ['all', 'types', 'some'] as const;
export type AreaChoice = (typeof AREA_CHOICES)[number];

export type ExportFormValues = {
  areaChoice: AreaChoice;
  /** The areas chosen one by one (ids), sent when `areaChoice` is 'some'. */
  areas: string[];
  /** The area types chosen, sent when `areaChoice` is 'types'. */
  areaTypes: AreaType[];
  from: string;
  to: string;
  types: StatisticsType[];
  resolution: ExportResolution;
  style: ExportStyle;
  fields: ExportField[];
};

/** Checked at first: the area's name and number and the meter's id (a row per meter). */
export const DEFAULT_FIELDS: readonly ExportField[] = ['area', 'device'];

const DAY_MS = 86_400_000;
const utcOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const firstOfMonth = (date: string, months = 0) => {
  const [year = 0, month = 1] = date.split('-').map(Number);
  return dateOf(Date.UTC(year, month - 1 + months, 1));
};

export type DateWindow = { from: string; to: string };

/** The quick choices of a window, from today's date in the property's time zone. */
export const WINDOW_PRESETS = {
  /** The whole month before this one: what a bill or a board's report covers. */
  lastMonth: (today: string): DateWindow => ({
    from: firstOfMonth(today, -1),
    to: dateOf(utcOf(firstOfMonth(today)) - DAY_MS),
  }),
  /** This month so far. */
  thisMonth: (today: string): DateWindow => ({ from: firstOfMonth(today), to: today }),
  /** The whole calendar year before this one. */
  lastYear: (today: string): DateWindow => {
    const year = Number(today.slice(0, 4)) - 1;
    return { from: `${year}-01-01`, to: `${year}-12-31` };
  },
} as const;
export type WindowPreset = keyof typeof WINDOW_PRESETS;

/** The form as it first shows, `today` being the property's date now. */
export const initialExportValues = (today: string): ExportFormValues => ({
  areaChoice: 'all',
  areas: [],
  areaTypes: [],
  ...WINDOW_PRESETS.lastMonth(today),
  types: [...STATISTICS_TYPES],
  resolution: 'day',
  style: 'xlsx',
  fields: [...DEFAULT_FIELDS],
});

/** Whole days from `from` to `to`, both included (0 when the window is backwards or unread). */
export function daysIn({ from, to }: DateWindow): number {
  const days = Math.round((utcOf(to) - utcOf(from)) / DAY_MS) + 1;
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/**
 * The time buckets of a window at a resolution: each day's 24 hours (a clock change gives or takes
 * one, which a count for people to read leaves out), its days, or the calendar months it touches.
 */
export function bucketsIn(window: DateWindow, resolution: ExportResolution): number {
  const days = daysIn(window);
  if (days === 0) return 0;
  if (resolution === 'hour') return days * 24;
  if (resolution === 'day') return days;
  const [fromYear = 0, fromMonth = 0] = window.from.split('-').map(Number);
  const [toYear = 0, toMonth = 0] = window.to.split('-').map(Number);
  return (toYear - fromYear) * 12 + toMonth - fromMonth + 1;
}

/** A refusal of the window's end: before its start, or longer than an export may be. */
const windowEndMessage = (_issue: FieldIssue, { values }: { values: ExportFormValues }) =>
  values.from !== '' && values.to !== '' && values.to < values.from
    ? { key: 'exports:form.toBeforeFrom' as const }
    : { key: 'exports:form.tooLong' as const, values: { days: EXPORT_MAX_DAYS } };

export const EXPORT_FORM: FormSettings<ExportFormValues> = {
  messages: {
    from: { required: 'exports:form.dateRequired', format: 'exports:form.dateRequired' },
    to: {
      required: 'exports:form.dateRequired',
      format: 'exports:form.dateRequired',
      invalid: windowEndMessage,
      // The API's refusal of a file of more rows than it makes (MAX_EXPORT_ROWS, on the window).
      tooLong: (issue) => ({
        key: 'exports:form.tooManyRows',
        values: { limit: issue.limit ?? 0 },
      }),
    },
    types: { required: 'exports:form.typesRequired' },
    areaTypes: { required: 'exports:form.areaTypesRequired' },
    areas: {
      required: 'exports:form.areasRequired',
      tooLong: { key: 'exports:form.tooManyAreas', values: { limit: EXPORT_MAX_AREAS } },
      // The API's refusal of an area that is not the property's (gone since it was chosen).
      invalid: 'exports:form.areaNotInProperty',
      format: 'exports:form.areaNotInProperty',
    },
  },
  // One choice on screen, two lists in the body: only the list of the choice made is sent.
  toInput: ({ areaChoice: _choice, ...input }, values) => ({
    ...input,
    areas: values.areaChoice === 'some' ? values.areas : [],
    areaTypes: values.areaChoice === 'types' ? values.areaTypes : [],
  }),
  // Empty lists mean "every area" to the API; chosen "some" or "of some types", one is needed.
  rules: (values) => {
    if (values.areaChoice === 'some' && values.areas.length === 0)
      return [{ field: 'areas', rule: 'too_small', limit: 1 }];
    if (values.areaChoice === 'types' && values.areaTypes.length === 0)
      return [{ field: 'areaTypes', rule: 'too_small', limit: 1 }];
    return [];
  },
};
