// Accessibility checks with axe on the page as it is at that moment.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe run on the page itself, loaded into it once: the screens are one application, so a page
 * keeps it across the screens a spec walks through. Every rule runs, but only violations are
 * written out node by node: passes and incomplete results (a selector and HTML for each of
 * hundreds of elements) were a fifth of each walk's time, and nothing here reads them.
 * (@axe-core/playwright loaded its 580 KB into the page twice per check and finished each in a
 * new page of its own, to reach into frames of other origins, which the portal has none of: a
 * check took 1–5 s, about half of that now — docs/timings.md, session 31.)
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { resultTypes: ['violations'] };
  return page.evaluate(
    (runOptions) =>
      (
        window as unknown as {
          axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
        }
      ).axe.run(document, runOptions),
    options,
  );
}

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
  const results = await runAxe(page);
  expect(await textsInTheirBackgroundsColour(page), `${state}: text as its background`).toEqual([]);
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

/**
 * The texts drawn in the very colour of the background right behind them, which no one can read.
 * axe leaves such text 'incomplete' when it cannot work out the background (a button's colours
 * set through the kit's variables), so it is checked here: the text's colour against the nearest
 * opaque background of it or its ancestors.
 */
function textsInTheirBackgroundsColour(page: Page) {
  return page.evaluate(() => {
    /** r,g,b of an opaque colour; null for a transparent one; undefined for a see-through one. */
    const opaque = (colour: string) => {
      const [r, g, b, alpha = '1'] = colour.match(/[\d.]+/g) ?? [];
      if (Number(alpha) === 0) return null;
      return Number(alpha) === 1 ? `${r},${g},${b}` : undefined;
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || element.getClientRects().length === 0) continue;
      const colour = opaque(getComputedStyle(element).color);
      if (!colour) continue;
      let behind: string | null | undefined = null;
      for (let at: Element | null = element; at && behind === null; at = at.parentElement)
        behind = opaque(getComputedStyle(at).backgroundColor);
      if (behind === colour) found.push(text.slice(0, 60));
    }
    return found;
  });
}
