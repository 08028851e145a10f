// The page every spec uses: it fails the test when the browser reports a Content-Security-Policy
// violation or an uncaught error, so a strict policy cannot silently break a screen.
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (
        message.type() === 'error' &&
        /Content.Security.Policy|Refused to/i.test(message.text())
      ) {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await use(page);
    expect(problems, 'the browser reported problems').toEqual([]);
  },
});

export { expect };
