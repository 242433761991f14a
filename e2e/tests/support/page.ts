import { expect, type Locator, type Page } from '@playwright/test';

/** A card of the page: a section labelled by its title. */
export const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** A toast (or banner) showing `text`. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Presses `button` in the open dialog and waits for the dialog to close. */
export async function confirmDialog(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Picks an option of a Mantine Select by its label. */
export async function selectOption(page: Page, input: Locator, label: string) {
  await input.click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/**
 * Moves the browser's clock (installed by the test) to the next 30 s poll until `check` passes:
 * the simulated work takes real seconds.
 */
export async function untilNextPolls(page: Page, check: () => Promise<void>, timeout = 45_000) {
  await expect(async () => {
    await page.clock.fastForward('00:31');
    await check();
  }).toPass({ timeout, intervals: [500, 1000, 1000, 2000] });
}

/**
 * Makes every answer of the API at `url` (a page route pattern) say the service is Suspended for
 * being overdue: the demo data has no such service of that kind.
 */
export async function answerAsSuspended(page: Page, url: string) {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { billing: { status: string; suspensionreason: string } };
    body.billing.status = 'Suspended';
    body.billing.suspensionreason = 'Overdue on Payment';
    await route.fulfill({ response, json: body });
  });
}
