import { expect, test } from './support/test.ts';
import { registerAccount, signInWithToken } from './support/accounts.ts';
import { demo, sub } from './support/env.ts';
import { PHONE } from './support/layout.ts';
import { card } from './support/page.ts';

test('the owner sees due invoices, open tickets and news', async ({ page }) => {
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/dashboard');

  const invoices = card(page, 'Due Invoices');
  // The demo owner has two Unpaid invoices and one Overdue; the paid, refunded and cancelled ones
  // are not listed.
  await expect(invoices.getByRole('listitem')).toHaveCount(3);
  await expect(invoices.getByText('Overdue')).toBeVisible();
  await expect(invoices.getByRole('link', { name: 'Pay Now' }).first()).toHaveAttribute(
    'href',
    /\/invoices\/\d+$/,
  );
  await expect(invoices.getByRole('link', { name: 'View All Invoices' })).toHaveAttribute(
    'href',
    '/invoices',
  );

  const tickets = card(page, 'Recent Tickets');
  await expect(tickets.getByRole('listitem')).toHaveCount(2);
  await expect(tickets.getByText('High network latency on web01 si...')).toBeVisible();
  await expect(tickets.getByText('Quote for a second dedicated server')).toHaveCount(0);
  await expect(tickets.getByText(/Last reply \d{4}-\d{2}-\d{2} \d{2}:\d{2} ET/).first()).toBeVisible();
  await expect(tickets.getByRole('link', { name: 'New Ticket' })).toHaveAttribute('href', '/support/new');
  await expect(tickets.getByRole('link', { name: 'View All Tickets' })).toHaveAttribute('href', '/support');

  const news = card(page, 'Latest News');
  await expect(news.getByRole('link', { name: 'New York network upgrade completed' })).toHaveAttribute(
    'href',
    /\/news\/\d+$/,
  );
});

test('a sub-account without billing sees no invoices card', async ({ page }) => {
  await signInWithToken(page, sub.email, sub.password);
  await page.goto('/dashboard');
  await expect(card(page, 'Recent Tickets')).toBeVisible();
  await expect(card(page, 'Latest News')).toBeVisible();
  await expect(card(page, 'Due Invoices')).toHaveCount(0);
  // The hidden card's read is not waited for.
  await expect(card(page, 'Latest News').getByRole('listitem').first()).toBeVisible();
});

test('at phone width the cards fill in together: one slow answer keeps them all loading, and nothing moves', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let releaseNews = () => {};
  const newsHeld = new Promise<void>((resolve) => {
    releaseNews = resolve;
  });
  await page.route('**/api/news', async (route) => {
    await newsHeld;
    await route.continue();
  });
  await signInWithToken(page, demo.email, demo.password);

  const invoicesAnswered = page.waitForResponse((response) => response.url().includes('/api/invoices?'));
  await page.goto('/dashboard');
  await invoicesAnswered;
  const invoices = card(page, 'Due Invoices');
  await expect(invoices.getByLabel('Loading Due Invoices')).toBeVisible();
  await expect(invoices.getByRole('listitem')).toHaveCount(0);

  releaseNews();
  await expect(invoices.getByRole('listitem')).toHaveCount(3);
  await expect(card(page, 'Recent Tickets').getByRole('listitem')).toHaveCount(2);
  await expect(card(page, 'Latest News').getByRole('listitem').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual(
    [],
  );
});

test('a card whose read fails says so while the others show their lists', async ({ page }) => {
  await page.route('**/api/news', (route) =>
    route.fulfill({ status: 502, json: { message: 'Upstream down.' } }),
  );
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/dashboard');
  await expect(card(page, 'Latest News').getByRole('alert')).toHaveText('Error Component');
  await expect(card(page, 'Due Invoices').getByRole('listitem')).toHaveCount(3);
  await expect(card(page, 'Recent Tickets').getByRole('listitem')).toHaveCount(2);
});

test('a new, unverified user sees the empty texts', async ({ page, request }) => {
  const account = await registerAccount(request, 'dash');
  await signInWithToken(page, account.email, account.password);
  await page.goto('/dashboard');
  await expect(page.getByText('Please verify your email address')).toBeVisible();
  await expect(card(page, 'Due Invoices').getByText('You have no invoices due.')).toBeVisible();
  await expect(card(page, 'Recent Tickets').getByText('No tickets to display.')).toBeVisible();
});
