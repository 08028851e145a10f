// The rule sets of the energy figures (docs/energy.md "Rule set"): weighting factors, hot water's
// heat per m³, requirements and the class scale as data files, checked with zod when this module
// loads (a broken file stops the server at start, not a request), and the one a window uses.
import { PROPERTY_TYPES, type PropertyType } from '@portal/contracts/domain';
import {
  ENERGY_CARRIERS,
  ENERGY_CLASSES,
  ENERGY_FIRST_YEAR,
  ENERGY_LAST_YEAR,
  type EnergyCarrier,
  type EnergyClass,
  type EnergyRuleSet,
} from '@portal/contracts/energy-summary';
import { addDays, isCalendarDate, type LocalDate } from '@portal/contracts/periods';
import { z } from 'zod';
import bbr2931 from './rule-sets/bbr-29-31.json' with { type: 'json' };

const LocalDateSchema = z.string().refine(isCalendarDate, { error: 'not a date, YYYY-MM-DD' });

const FIRST_DAY = `${ENERGY_FIRST_YEAR}-01-01`;
const LAST_DAY = `${ENERGY_LAST_YEAR}-12-31`;

/** Open ends as the far past and future, so validities compare as plain strings. */
const fromOf = (validity: { validFrom: string | null }) => validity.validFrom ?? '0000-01-01';
const toOf = (validity: { validTo: string | null }) => validity.validTo ?? '9999-12-31';

const WeightingFactorSchema = z
  .object({
    carrier: z.enum(ENERGY_CARRIERS),
    factor: z.number().positive(),
    validFrom: LocalDateSchema.nullable(),
    validTo: LocalDateSchema.nullable(),
  })
  // The figures weight whole calendar months: a factor changing within one could not be applied.
  .refine((factor) => factor.validFrom === null || factor.validFrom.endsWith('-01'), {
    error: 'a weighting factor starts on a 1st',
  })
  .refine((factor) => factor.validTo === null || addDays(factor.validTo, 1).endsWith('-01'), {
    error: "a weighting factor ends on a month's last day",
  });

/** Atemp above this (m²) has the requirement; the first band that fits applies. */
const RequirementBandSchema = z.object({
  heatedAreaAbove: z.number().nonnegative(),
  kwhPerM2: z.number().positive(),
});

const RuleSetFileSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    reference: z.string().min(1),
    validFrom: LocalDateSchema.nullable(),
    validTo: LocalDateSchema.nullable(),
    hotWaterKwhPerM3: z.number().positive(),
    weightingFactors: z.array(WeightingFactorSchema),
    requirements: z.record(
      z.enum(PROPERTY_TYPES),
      z
        .array(RequirementBandSchema)
        .refine(
          (bands) =>
            bands.every(
              (band, index) =>
                index === 0 || band.heatedAreaAbove < (bands[index - 1]?.heatedAreaAbove ?? 0),
            ),
          { error: 'requirement bands run from the largest Atemp down' },
        ),
    ),
    classScale: z
      .array(
        z.object({
          energyClass: z.enum(ENERGY_CLASSES),
          upToShare: z.number().positive().nullable(),
        }),
      )
      .refine(
        (scale) =>
          scale.length === ENERGY_CLASSES.length &&
          scale.every(
            (step, index) =>
              step.energyClass === ENERGY_CLASSES[index] &&
              // Every class but the last has an upper bound above the one before; the last has none.
              (index === scale.length - 1
                ? step.upToShare === null
                : step.upToShare !== null &&
                  (index === 0 || step.upToShare > (scale[index - 1]?.upToShare ?? 0))),
          ),
        { error: 'the class scale is A to G, bounds rising, G open' },
      ),
  })
  .superRefine((ruleSet, context) => {
    if (fromOf(ruleSet) > toOf(ruleSet))
      context.addIssue({ code: 'custom', message: 'validFrom is after validTo' });
    // Each carrier's factors follow on each other without gap or overlap over the whole validity.
    for (const carrier of ENERGY_CARRIERS) {
      const factors = ruleSet.weightingFactors
        .filter((factor) => factor.carrier === carrier)
        .sort((a, b) => fromOf(a).localeCompare(fromOf(b)));
      const problem = seamlessProblem(factors, fromOf(ruleSet), toOf(ruleSet));
      if (problem)
        context.addIssue({
          code: 'custom',
          message: `weighting factors of ${carrier}: ${problem}`,
        });
    }
  });

export type RuleSet = z.infer<typeof RuleSetFileSchema>;

/** Why validities sorted by start do not cover [from, to] each day exactly once; undefined if
 * they do. */
function seamlessProblem(
  validities: { validFrom: string | null; validTo: string | null }[],
  from: string,
  to: string,
): string | undefined {
  const [first] = validities;
  if (!first) return 'none';
  if (fromOf(first) > from) return `none before ${fromOf(first)}`;
  for (let index = 1; index < validities.length; index++) {
    const before = validities[index - 1];
    const next = validities[index];
    if (
      before &&
      next &&
      (before.validTo === null || addDays(before.validTo, 1) !== next.validFrom)
    )
      return `${before.validTo ?? 'open end'} is not followed by the next day`;
  }
  const last = validities.at(-1);
  if (last && toOf(last) < to) return `none after ${toOf(last)}`;
  return undefined;
}

/**
 * The rule sets, checked: each on its own, and together — every day an energy view can name has
 * at least one (where two overlap, a transition, the newer applies).
 */
export function parseRuleSets(files: unknown[]): RuleSet[] {
  const ruleSets = files.map((file) => RuleSetFileSchema.parse(file));
  const ids = new Set(ruleSets.map((ruleSet) => ruleSet.id));
  if (ids.size !== ruleSets.length) throw new Error('Two energy rule sets share an id.');
  const sorted = [...ruleSets].sort((a, b) => fromOf(a).localeCompare(fromOf(b)));
  let coveredTo = addDays(FIRST_DAY, -1);
  for (const ruleSet of sorted) {
    if (fromOf(ruleSet) > addDays(coveredTo, 1))
      throw new Error(`No energy rule set applies from ${addDays(coveredTo, 1)}.`);
    if (toOf(ruleSet) > coveredTo) coveredTo = toOf(ruleSet);
  }
  if (coveredTo < LAST_DAY) throw new Error(`No energy rule set applies after ${coveredTo}.`);
  return sorted;
}

/** Newest first: where two apply to a day, the first found is the newer. */
const RULE_SETS = parseRuleSets([bbr2931]).reverse();

/** The rule set that applies to a window ending on `lastDay` (docs/energy.md). */
export function ruleSetFor(lastDay: LocalDate, ruleSets: RuleSet[] = RULE_SETS): RuleSet {
  const ruleSet = ruleSets.find((each) => fromOf(each) <= lastDay && lastDay <= toOf(each));
  // parseRuleSets saw to it that every day an energy view names has one.
  if (!ruleSet) throw new Error(`No energy rule set applies on ${lastDay}.`);
  return ruleSet;
}

/** The rule set as the answer names it. */
export function ruleSetName(ruleSet: RuleSet): EnergyRuleSet {
  const { id, name, reference, validFrom, validTo } = ruleSet;
  return { id, name, reference, validFrom, validTo };
}

/** The carrier's weighting factor in the month starting on `month` (its 1st). */
export function weightingFactorOf(ruleSet: RuleSet, carrier: EnergyCarrier, month: LocalDate) {
  const factor = ruleSet.weightingFactors.find(
    (each) => each.carrier === carrier && fromOf(each) <= month && month <= toOf(each),
  );
  // The schema saw to it that each carrier has one on every day of the rule set's validity.
  if (!factor) throw new Error(`${ruleSet.id} has no weighting factor of ${carrier} in ${month}.`);
  return factor.factor;
}

/**
 * The EP requirement of a building type and size, kWh/m² Atemp/year: `undefined` while Atemp is
 * unknown but some size of the type has one, null where none applies.
 */
export function requirementOf(
  ruleSet: RuleSet,
  propertyType: PropertyType,
  heatedArea: number | null,
): number | null | undefined {
  const bands = ruleSet.requirements[propertyType] ?? [];
  if (bands.length === 0) return null;
  if (heatedArea === null) return undefined;
  return bands.find((band) => heatedArea > band.heatedAreaAbove)?.kwhPerM2 ?? null;
}

/** Thousandths as integers: EP is answered to 0.001, and a share of exactly 0.50 must be A
 * whatever noise the doubles carry. */
const thousandths = (value: number) => Math.round(value * 1000);

/** The class of an EP against a requirement: the first step whose bound EP does not exceed. */
export function classOf(
  ruleSet: RuleSet,
  primaryEnergyNumber: number,
  requirement: number,
): EnergyClass {
  const ep = thousandths(primaryEnergyNumber);
  const step = ruleSet.classScale.find(
    (each) => each.upToShare === null || ep <= thousandths(each.upToShare * requirement),
  );
  return step?.energyClass ?? 'G';
}
