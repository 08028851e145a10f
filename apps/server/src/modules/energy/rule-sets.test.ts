// The rule sets' loader (docs/energy.md "Rule set"): the shipped BBR 29–31 file passes, a file
// that could not be applied month by month or leaves days without a factor or rule set is refused
// when the module loads, and the rule set of a window is the newest valid on its last day.
import { describe, expect, it } from 'vitest';
import { parseRuleSets, requirementOf, ruleSetFor, weightingFactorOf } from './rule-sets';
import bbr2931 from './rule-sets/bbr-29-31.json' with { type: 'json' };

/** The shipped file with changes, as a new object. */
const edited = (change: (file: typeof bbr2931) => void) => {
  const file = structuredClone(bbr2931);
  change(file);
  return file;
};

describe('energy rule sets', () => {
  it('BBR 29–31 loads: electricity 1.6 to August 2020, 1.8 from September', () => {
    const [ruleSet] = parseRuleSets([bbr2931]);
    if (!ruleSet) throw new Error('no rule set');
    expect(weightingFactorOf(ruleSet, 'electricity', '2020-08-01')).toBe(1.6);
    expect(weightingFactorOf(ruleSet, 'electricity', '2020-09-01')).toBe(1.8);
    expect(weightingFactorOf(ruleSet, 'district-heating', '2001-01-01')).toBe(0.7);
    expect(requirementOf(ruleSet, 'single-family', 130.5)).toBe(90);
    expect(requirementOf(ruleSet, 'single-family', null)).toBeUndefined();
    expect(requirementOf(ruleSet, 'other', 500)).toBeNull();
    expect(ruleSetFor('2025-12-31').id).toBe('bbr-29-31');
  });

  it.each([
    [
      'a factor changing within a month',
      edited((file) => {
        file.weightingFactors[0] = { ...file.weightingFactors[0], validTo: '2020-08-15' } as never;
        file.weightingFactors[1] = {
          ...file.weightingFactors[1],
          validFrom: '2020-08-16',
        } as never;
      }),
      'a weighting factor starts on a 1st',
    ],
    [
      'a month without an electricity factor',
      edited((file) => {
        file.weightingFactors[1] = {
          ...file.weightingFactors[1],
          validFrom: '2020-10-01',
        } as never;
      }),
      'weighting factors of electricity: 2020-08-31 is not followed by the next day',
    ],
    [
      'a carrier without a factor',
      edited((file) => {
        file.weightingFactors = file.weightingFactors.filter((factor) => factor.carrier !== 'gas');
      }),
      'weighting factors of gas: none',
    ],
    [
      'a class scale out of order',
      edited((file) => {
        file.classScale = [...file.classScale].reverse();
      }),
      'the class scale is A to G',
    ],
    [
      'requirement bands from the smallest up',
      edited((file) => {
        file.requirements['single-family'].reverse();
      }),
      'requirement bands run from the largest Atemp down',
    ],
  ])('refuses %s', (_name, file, message) => {
    expect(() => parseRuleSets([file])).toThrow(message);
  });

  it('refuses days without a rule set, and takes the newer where two apply', () => {
    const older = edited((file) => {
      file.validTo = '2026-09-30' as never;
    });
    const newer = edited((file) => {
      file.id = 'bfs-2026-9';
      file.validFrom = '2026-10-01' as never;
    });
    expect(() => parseRuleSets([older])).toThrow('No energy rule set applies after 2026-09-30.');
    const gap = edited((file) => {
      file.id = 'late';
      file.validFrom = '2026-11-01' as never;
    });
    expect(() => parseRuleSets([older, gap])).toThrow(
      'No energy rule set applies from 2026-10-01.',
    );
    // A transition: the older still valid to September 2027, the newer from October 2026.
    const transition = edited((file) => {
      file.validTo = '2027-09-30' as never;
    });
    const sets = parseRuleSets([transition, newer]).reverse();
    expect(ruleSetFor('2026-09-30', sets).id).toBe('bbr-29-31');
    expect(ruleSetFor('2026-12-31', sets).id).toBe('bfs-2026-9');
  });
});
