import { expect, test } from './support/test.ts';

// Every journey fails on a Content-Security-Policy violation (support/test.ts); this one makes a
// violation on purpose to show that the watch sees it, then owns up to it.
test('a script the policy refuses is refused, and reported to the journey', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/login');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.injected = "ran"';
    document.body.append(script);
  });
  await expect.poll(() => cspViolations.length).toBe(1);
  expect(cspViolations[0]).toMatch(/\/login: script-src(-elem)? refused inline/);
  expect(await page.evaluate(() => document.body.dataset.injected)).toBeUndefined();
  cspViolations.length = 0;
});
