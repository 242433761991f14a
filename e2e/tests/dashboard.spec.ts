import { expect, test } from '@playwright/test';
import { registerAccount, signInWithToken } from './support/accounts.ts';
import { demo, sub } from './support/env.ts';
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
});

test('a new, unverified user sees the empty texts', async ({ page, request }) => {
  const account = await registerAccount(request, 'dash');
  await signInWithToken(page, account.email, account.password);
  await page.goto('/dashboard');
  await expect(page.getByText('Please verify your email address')).toBeVisible();
  await expect(card(page, 'Due Invoices').getByText('You have no invoices due.')).toBeVisible();
  await expect(card(page, 'Recent Tickets').getByText('No tickets to display.')).toBeVisible();
});
