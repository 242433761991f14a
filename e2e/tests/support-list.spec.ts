import { expect, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { registerAccount, sessionToken, signInWithToken } from './support/accounts.ts';
import { demo } from './support/env.ts';
import { expectEveryComponentStyled, expectNoHorizontalOverflow, PHONE } from './support/layout.ts';
import {
  createSubAccount,
  deleteSubAccount,
  setSubAccountPermissions,
  type TestSubAccount,
} from './support/sub-account.ts';
import { backgroundHue, openTicket } from './support/tickets.ts';

/**
 * /support (portal spec §2 Support, §4, §8, §9): the demo owner's seeded tickets are only looked
 * at; tickets are opened on fresh accounts, so the dashboard's counts stay as the seed left them.
 */

const SEEDED = {
  latency: 'High network latency on web01 since this morning',
  invoice: 'Invoice question',
  quote: 'Quote for a second dedicated server',
};

const table = (page: Page) => page.getByRole('table', { name: 'Support tickets' });
const row = (page: Page, subject: string) => table(page).getByRole('row').filter({ hasText: subject });

async function openList(page: Page) {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeVisible();
}

test('the owner’s tickets: the four columns, newest update first, status colours, search, and the way in', async ({
  page,
}) => {
  await signInWithToken(page, demo.email, demo.password);
  await openList(page);
  await expect(table(page).getByRole('columnheader')).toHaveText([
    'Department',
    'Subject',
    'Last Update',
    'Status',
  ]);
  await expect(table(page).getByRole('columnheader', { name: 'Last Update' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  // Newest update first: the seed answered them 2, 20 and 300 hours ago.
  const subjects = table(page).getByRole('row').getByRole('link');
  await expect(subjects.first()).toHaveText(SEEDED.latency);
  const order = await subjects.allTextContents();
  expect(order.indexOf(SEEDED.latency)).toBeLessThan(order.indexOf(SEEDED.invoice));
  expect(order.indexOf(SEEDED.invoice)).toBeLessThan(order.indexOf(SEEDED.quote));

  await expect(row(page, SEEDED.latency)).toContainText('Technical Support');
  await expect(row(page, SEEDED.invoice)).toContainText('Billing');
  await expect(row(page, SEEDED.quote)).toContainText('Sales');
  // Last Update in the browser's time zone, as 'Nov 23, 2026, 8:42 AM'.
  await expect(row(page, SEEDED.latency).getByRole('cell').nth(2)).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
  );

  for (const [subject, status, hue] of [
    [SEEDED.latency, 'Open', 'green'],
    [SEEDED.invoice, 'Awaiting Reply', 'yellow'],
    [SEEDED.quote, 'Closed', 'red'],
  ] as const) {
    const tag = row(page, subject).getByText(status, { exact: true });
    await expect(tag).toBeVisible();
    expect(await backgroundHue(tag), `${status} is ${hue}`).toBe(hue);
  }

  const search = page.getByRole('textbox', { name: 'Search tickets by subject' });
  await search.fill('INVOICE');
  await expect(subjects).toHaveText([SEEDED.invoice]);
  await search.fill('no ticket is called this');
  await expect(page.getByText('No tickets match your search.')).toBeVisible();
  await search.fill('');

  await expect(page.getByRole('link', { name: 'Open New Ticket' })).toHaveAttribute('href', '/support/new');
  await expectNoSeriousViolations(page);

  await table(page).getByRole('link', { name: SEEDED.quote }).click();
  await expect(page).toHaveURL(/\/support\/390155$/);
});

test('a fresh account: the empty list, then a long subject cut at 61 characters with the whole one in its title', async ({
  page,
}) => {
  const account = await registerAccount(page.request, 'tickets');
  await signInWithToken(page, account.email, account.password);
  await openList(page);
  await expect(page.getByText('You have not opened any support tickets yet.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Open New Ticket' }).click();
  await expect(page).toHaveURL(/\/support\/new$/);

  const subject = `${'Sixty-one characters are shown of this subject, '.padEnd(61, 'x')}and this is cut`;
  const short = 'A subject of exactly sixty-one characters is shown whole here';
  expect(short).toHaveLength(61);
  const token = await sessionToken(page);
  const tid = await openTicket(page.request, token, { subject, message: 'Hello.' });
  await openTicket(page.request, token, { subject: short, message: 'Hello.' });
  await openList(page);
  const cut = table(page).getByRole('link', { name: `${subject.slice(0, 61)}...`, exact: true });
  await expect(cut).toHaveAttribute('title', subject);
  await expect(cut).toHaveAttribute('href', `/support/${tid}`);
  await expect(table(page).getByRole('link', { name: short, exact: true })).toBeVisible();
});

test.describe('sub-accounts', () => {
  let subAccount: TestSubAccount | undefined;
  test.afterEach(async ({ request }) => {
    if (subAccount) await deleteSubAccount(request, subAccount);
    subAccount = undefined;
  });

  test('without the support permission, /support and /support/new lead to the dashboard', async ({
    page,
  }) => {
    subAccount = await createSubAccount(page.request, { services: true });
    await signInWithToken(page, subAccount.email, subAccount.password);
    for (const path of ['/support', '/support/new']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Support' })).toHaveCount(0);
  });

  test('a list that cannot be loaded says so and offers to try again', async ({ page }) => {
    subAccount = await createSubAccount(page.request, { support: true });
    await signInWithToken(page, subAccount.email, subAccount.password);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The owner takes support away while the page is open: the next GET support is refused.
    await setSubAccountPermissions(page.request, subAccount, {});
    await page.getByRole('navigation').getByRole('link', { name: 'Support' }).click();
    const failure = page.getByRole('alert').filter({
      hasText: 'Failed to load support tickets. Please try refreshing the page.',
    });
    await expect(failure).toBeVisible();
    // Off the link just clicked, whose hover shade is not what the page shows at rest.
    await page.mouse.move(0, 0);
    await expectNoSeriousViolations(page);

    // Given back, Try Again shows the list: the owner's tickets.
    await setSubAccountPermissions(page.request, subAccount, { support: true });
    await failure.getByRole('button', { name: 'Try Again' }).click();
    await expect(table(page).getByRole('link', { name: SEEDED.latency })).toBeVisible();
    await expect(failure).toBeHidden();
  });
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test('the list stays inside the screen, its table scrolling in its own box', async ({ page }) => {
    await signInWithToken(page, demo.email, demo.password);
    await openList(page);
    await expect(table(page).getByRole('link', { name: SEEDED.latency })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open New Ticket' })).toBeInViewport();
    await expectNoHorizontalOverflow(page);
    await expectEveryComponentStyled(page);
    await expectNoSeriousViolations(page);
  });
});
