// The page every spec uses: it fails the test when the browser reports a Content-Security-Policy
// violation or an uncaught error, so a strict policy cannot silently break a screen. Violations
// are taken both from the console and from the page's own 'securitypolicyviolation' events: a
// refusal the page's code catches (zod's probe for eval, issue 10) reaches only the latter. It
// also notes the secrets the browser sends and receives (support/secrets-seen.ts).
import { test as base, expect } from '@playwright/test';
import { watchSecrets } from './secrets-seen';

export const test = base.extend({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    // What the test types and the portal receives is noted, for the log scan after the run.
    const secretsRead = watchSecrets(page.context());
    page.on('console', (message) => {
      if (
        message.type() === 'error' &&
        /Content.Security.Policy|Refused to/i.test(message.text())
      ) {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await page.exposeBinding('reportPolicyViolation', (_source, violation: string) => {
      problems.push(`refused by the policy: ${violation}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportPolicyViolation?: (text: string) => void })
          .reportPolicyViolation;
        report?.(`${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile})`);
      });
    });
    await use(page);
    await secretsRead();
    expect(problems, 'the browser reported problems').toEqual([]);
  },
});

export { expect };
