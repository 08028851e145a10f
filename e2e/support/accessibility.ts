// Accessibility checks with axe on the page as it is at that moment.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails the test on any serious or critical accessibility problem on the page as it is now, once
 * its transitions have ended: a dialog still fading in has text of too little contrast for axe,
 * which no one reads before it is there.
 */
export async function expectNoSeriousAccessibilityProblems(page: Page, state: string) {
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        // A spinner runs for ever; a transition cut short rejects, which is an end too.
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  // Each problem with the elements it is found on, so a failure says where to look.
  expect(
    serious.map(
      (violation) =>
        `${state}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Fails when the page is wider than the window (a phone would scroll sideways). */
export async function expectNoSidewaysOverflow(page: Page, state: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, state).toBeLessThanOrEqual(0);
}
