// What the page's Content-Security-Policy refused, as the page itself is told of it
// ('securitypolicyviolation' events): a real problem, or noise that would hide one.
import { expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    policyViolations?: string[];
  }
}

/** Starts recording, before any of the page's own scripts run; call before page.goto. */
export async function recordPolicyViolations(page: Page) {
  await page.addInitScript(() => {
    window.policyViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.policyViolations?.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
}

export async function expectNoPolicyViolations(page: Page, state: string) {
  const violations = await page.evaluate(() => window.policyViolations ?? ['not recording']);
  expect(violations, `${state}: refused by the Content-Security-Policy`).toEqual([]);
}
