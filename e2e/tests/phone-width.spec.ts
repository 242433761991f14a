import { expect, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { signInWithToken } from './support/accounts.ts';
import { demo } from './support/env.ts';
import {
  expectBesideItsLabel,
  expectBrokenOnlyBetweenLabels,
  expectEveryComponentStyled,
  expectNoHorizontalOverflow,
  expectOneTabRow,
  expectTextWhole,
  expectWithin,
  expectWithinScreenWidth,
  PHONE,
} from './support/layout.ts';
import { serviceIdByDomain } from './support/owner-api.ts';
import { card } from './support/page.ts';

/**
 * Every server page at the width of a phone (390 px), opened afresh so that each page brings its
 * own stylesheets: nothing scrolls the page sideways, tabs stay on one row that scrolls, names
 * wrap only between their labels, controls sit beside their labels and dialogs fit the screen.
 * The journeys only look: they leave the demo data as they found it.
 */

test.use({ viewport: PHONE });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The rules every page and every tab of it keeps. */
async function expectPhoneLayout(page: Page) {
  await expectNoHorizontalOverflow(page);
  await expectEveryComponentStyled(page);
}

/** Opens the demo owner's service `domain` at `path(id)` and waits for its heading. */
async function open(page: Page, domain: string, path: (id: number) => string, title = domain) {
  const id = await serviceIdByDomain(page.request, domain);
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(path(id));
  await expect(heading(page)).toHaveText(title);
}

/** Opens the cancellation dialog and checks its radios and its width, then closes it. */
async function expectCancellationDialogFits(page: Page) {
  await page.getByRole('button', { name: 'Request Cancellation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Cancellation' });
  await expect(dialog).toBeVisible();
  await expectWithinScreenWidth(page, dialog);
  await expectBesideItsLabel(dialog.getByRole('radio', { name: 'Immediate' }));
  await expectBesideItsLabel(dialog.getByRole('radio', { name: 'End of Billing Period' }));
  await expectEveryComponentStyled(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('the dashboard keeps each row’s tags and buttons whole inside its card', async ({ page }) => {
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/dashboard');
  for (const title of ['Due Invoices', 'Recent Tickets']) {
    const items = card(page, title).getByRole('listitem');
    // At least the seed's rows: earlier journeys may have added deposits to the demo owner's list.
    await expect(items.nth(1)).toBeVisible();
    for (const item of await items.all()) {
      await expectWithin(item, card(page, title));
      await expectTextWhole(item);
    }
  }
  await expectWithin(
    card(page, 'Due Invoices').getByRole('link', { name: 'Pay Now' }).first(),
    card(page, 'Due Invoices'),
  );
  await expectPhoneLayout(page);
});

test('/services: the checkbox beside its label, names wrapped at dots, the empty text in sight', async ({
  page,
}) => {
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/services');
  await expect(heading(page)).toHaveText('My Services');
  await expectBesideItsLabel(page.getByRole('checkbox', { name: 'Show all services (including inactive)' }));
  const table = page.getByRole('table', { name: 'My services' });
  for (const name of ['ny-dedi-01.demo.example', 'ny-dedi-custom.demo.example', 'legacy-vps.demo.example']) {
    await expectBrokenOnlyBetweenLabels(table.getByText(name, { exact: true }), name);
  }
  await expectPhoneLayout(page);

  // The table scrolls in its own box; the text that says it is empty stays on the screen.
  await page.getByLabel('Search services').fill('no-such-service');
  const empty = page.getByText('No services match your search criteria.');
  await expect(empty).toBeVisible();
  await expectWithinScreenWidth(page, empty);
  await expectPhoneLayout(page);
});

test('dedicated server: heading, tabs, bandwidth chart, rDNS inputs and the cancellation dialog', async ({
  page,
}) => {
  const name = 'ny-dedi-01.demo.example';
  await open(page, name, (id) => `/services/dedicated/${id}`);
  await expectBrokenOnlyBetweenLabels(heading(page), name);
  await expectOneTabRow(page.getByRole('tablist').first());
  await expect(card(page, 'Bandwidth Usage').locator('.recharts-area').first()).toBeVisible();
  await expectPhoneLayout(page);

  const configuration = card(page, 'Server Configuration');
  await configuration.getByRole('tab', { name: 'Rescue Mode' }).click();
  await expectOneTabRow(configuration.getByRole('tablist'));
  await expectCancellationDialogFits(page);

  await page.getByRole('tab', { name: 'Network' }).click();
  const rdns = card(page, 'Manage rDNS');
  await expect(rdns.getByRole('textbox').first()).toBeVisible();
  for (const input of await rdns.getByRole('textbox').all()) await expectWithin(input, rdns);
  await expectPhoneLayout(page);
});

test('first-generation VPS: heading, tabs and the reinstall dialog', async ({ page }) => {
  const name = 'legacy-vps.demo.example';
  await open(page, name, (id) => `/services/vps/${id}`);
  await expectBrokenOnlyBetweenLabels(heading(page), name);
  await expectOneTabRow(page.getByRole('tablist'));
  await expect(page.getByRole('figure', { name: 'CPU usage chart' })).toBeVisible();
  await expectPhoneLayout(page);
  for (const tab of ['Network', 'Configure']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectPhoneLayout(page);
  }
  await page.getByRole('button', { name: 'Reinstall OS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reinstall OS' });
  await expect(dialog).toBeVisible();
  await expectWithinScreenWidth(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test.describe('VPS v2', () => {
  const name = 'web01.demo.example';
  const path = (id: number) => `/services/vps/v2/${id}`;

  test('heading at dots and the five tabs on one row, on every tab', async ({ page }) => {
    await open(page, name, path);
    await expectBrokenOnlyBetweenLabels(heading(page), name);
    const tabs = page.getByRole('tablist');
    await expectOneTabRow(tabs);
    await expect(page.getByRole('figure', { name: 'CPU usage chart' })).toBeVisible();
    await expectPhoneLayout(page);
    await expectNoSeriousViolations(page);
    for (const tab of ['Network', 'Configure', 'Backups', 'Templates']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expectOneTabRow(tabs);
      await expectPhoneLayout(page);
    }
  });

  test('the tab row scrolls to the tab the keyboard reaches, and to the tab the page opens on', async ({
    page,
  }) => {
    await open(page, name, path);
    await page.getByRole('tab', { name: 'Server Info' }).focus();
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowRight');
    const templates = page.getByRole('tab', { name: 'Templates' });
    await expect(templates).toBeFocused();
    await expect(templates).toBeInViewport({ ratio: 0.99 });

    await page.goto(`${new URL(page.url()).pathname}?tab=templates`);
    await expect(templates).toHaveAttribute('aria-selected', 'true');
    await expect(templates).toBeInViewport({ ratio: 0.99 });
    await expect(page.getByRole('tab', { name: 'Server Info' })).not.toBeInViewport({ ratio: 0.99 });
  });

  test('a label wider than the screen is cut with an ellipsis, the whole name kept', async ({ page }) => {
    const long = 'a-label-far-too-long-for-one-line-on-any-phone-screen-at-all.demo.example';
    await page.route('**/api/services/vps/v2/*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { vps: { hostname: string } };
      body.vps.hostname = long;
      await route.fulfill({ response, json: body });
    });
    await open(page, name, path, long);
    await expect(page.getByRole('heading', { level: 1, name: long })).toBeVisible();
    await expect(heading(page).getByTitle(long)).toBeVisible();
    await expectBrokenOnlyBetweenLabels(heading(page), long);
    await expectNoHorizontalOverflow(page);
  });
});

test('storage page: heading, tab row and the cancellation dialog', async ({ page }) => {
  const name = 'Storage Block 250 GB';
  await open(page, name, (id) => `/services/storage/${id}`);
  await expectBrokenOnlyBetweenLabels(heading(page), name);
  await expectOneTabRow(page.getByRole('tablist'));
  await expect(card(page, 'Billing Options')).toBeVisible();
  await expectPhoneLayout(page);
  await expectCancellationDialogFits(page);
});

test('generic service page: heading and tab row of a service and of a pending one', async ({ page }) => {
  const name = 'backup.demo.example';
  await open(page, name, (id) => `/services/${id}`);
  await expectBrokenOnlyBetweenLabels(heading(page), name);
  await expectOneTabRow(page.getByRole('tablist'));
  await expectPhoneLayout(page);

  await page.goto(`/services/${await serviceIdByDomain(page.request, 'ny-dedi-02.demo.example')}`);
  await expect(heading(page)).toHaveText('PENDING');
  await expectPhoneLayout(page);
});

test('generic service page: a name longer than a line wraps at its dots', async ({ page }) => {
  // No demo service has a name that needs two lines at this width: this one gets one.
  const long = 'nightly-backups.customer-data.demo.example';
  await page.route('**/api/services/*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { billing: { domain: string } };
    body.billing.domain = long;
    await route.fulfill({ response, json: body });
  });
  await open(page, 'backup.demo.example', (id) => `/services/${id}`, long);
  await expectBrokenOnlyBetweenLabels(heading(page), long);
  await expectNoHorizontalOverflow(page);
});
