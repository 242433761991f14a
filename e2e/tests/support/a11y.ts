import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** Runs axe on the page as it stands and fails on any serious or critical violation. */
export async function expectNoSeriousViolations(page: Page) {
  // An axe run takes seconds of CPU: a journey that checks several tabs and dialogs has been seen
  // past the 60 s limit with two workers on a loaded two-core machine (4 s a scan when idle).
  test.info().slow();
  // Colours read halfway through a dialog's fade-in fail the contrast check: let transitions end
  // (endless ones, such as spinners, excepted).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}
