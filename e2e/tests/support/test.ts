import { type BrowserContext, expect, test as base } from '@playwright/test';

export * from '@playwright/test';

/** The name under which the pages report a violation to the test. */
const REPORT = '__rackdeskReportCspViolation';

/** Makes every page of `context` report each Content-Security-Policy violation into `violations`. */
async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding(REPORT, ({ page }, violation: string) => {
    violations.push(`${page.url()}: ${violation}`);
  });
  await context.addInitScript((report) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
      (window as unknown as Record<string, (text: string) => void>)[report]?.(
        // blockedURI is the refused address, or 'inline' or 'eval'.
        `${event.effectiveDirective} refused ${event.blockedURI}${where}`,
      );
    });
  }, REPORT);
}

/**
 * Playwright's `test`, where a journey fails when any page it opened, in its own context or in one
 * it made with `browser.newContext()`, met a Content-Security-Policy violation: what the policy
 * refuses is broken for users, and a violation nobody looks at hides an injection.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      await watchCsp(context, violations);
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const made = await newContext.apply(browser, args);
        await watchCsp(made, violations);
        return made;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
