import { expect, type Locator, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { registerAccount, sessionToken, signInWithToken, uniqueEmail } from './support/accounts.ts';
import { demo } from './support/env.ts';
import { expectEveryComponentStyled, expectNoHorizontalOverflow, PHONE } from './support/layout.ts';
import { toast } from './support/page.ts';
import { createSubAccount, deleteSubAccount } from './support/sub-account.ts';
import { attachImages, pngFile, ticketsOf } from './support/tickets.ts';

/**
 * /support/new (portal spec §2 Support, §5 Ticket, §6, §8, §9): the form's rules. The journeys
 * across pages (the thread that follows) are in support-journeys.spec.ts. Tickets are opened on
 * fresh accounts and as guests, never on the demo owner, whose counts other specs rely on.
 */

const form = (page: Page) => page.locator('form');
const field = (page: Page, name: string) => form(page).getByRole('textbox', { name, exact: true });
const select = (page: Page, name: string) => form(page).getByRole('combobox', { name, exact: true });
const submit = (page: Page) => form(page).getByRole('button', { name: 'Submit' });

async function solveCaptcha(page: Page) {
  await form(page).getByRole('checkbox').click({ force: true });
  await expect(form(page).getByText('Verified', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
}

/** A picked file that is no image the form takes: the browser reports its type. */
const svgFile = (name: string) => ({ name, mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });

async function expectDescribedBy(control: Locator, text: string) {
  await expect(control).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

test('a customer’s form: defaults, the checks, images picked within the limits, the server’s refusal under its field, and one ticket however often Submit is pressed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = await registerAccount(page.request, 'new-ticket');
  await signInWithToken(page, account.email, account.password);
  await page.goto('/support/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Open New Ticket' })).toBeVisible();

  // §9: priority Low unless chosen; the departments of GET support/departments, first chosen.
  await expect(select(page, 'Department')).toHaveValue('1');
  await expect(select(page, 'Department').getByRole('option')).toHaveText([
    'Technical Support',
    'Sales',
    'Billing',
  ]);
  await expect(select(page, 'Priority')).toHaveValue('Low');
  await expect(select(page, 'Priority').getByRole('option')).toHaveText(['Low', 'Medium', 'High']);
  // A fresh account has no services: only None to choose.
  await expect(select(page, 'Related Service').getByRole('option')).toHaveText(['None']);
  // Guests' fields are not a customer's.
  await expect(field(page, 'Name')).toHaveCount(0);
  await expect(form(page).getByRole('checkbox')).toHaveCount(0);

  await submit(page).click();
  await expectDescribedBy(field(page, 'Subject'), 'The subject field is required.');
  await expectDescribedBy(field(page, 'Message'), 'The message field is required.');

  // Images: the browser keeps to the API's limits with its texts.
  await attachImages(page, form(page), [svgFile('drawing.svg'), pngFile('one.png')]);
  const attached = form(page).getByRole('list', { name: 'Attached images' });
  await expect(attached.getByRole('listitem')).toHaveCount(1);
  await expect(form(page).getByText('Only PNG, JPEG, GIF and WebP images can be attached.')).toBeVisible();
  await attachImages(
    page,
    form(page),
    ['two', 'three', 'four', 'five', 'six'].map((n) => pngFile(`${n}.png`)),
  );
  await expect(attached.getByRole('listitem')).toHaveCount(5);
  await expect(form(page).getByText('At most 5 images can be attached to one message.')).toBeVisible();
  await expect(form(page).getByRole('button', { name: 'Attach Images' })).toBeDisabled();
  for (const name of ['two', 'three', 'four', 'five']) {
    await attached.getByRole('button', { name: `Remove ${name}.png` }).click();
  }
  await expect(attached.getByRole('listitem')).toHaveText([/one\.png/]);
  await expectNoSeriousViolations(page);

  // A control character only the server refuses: its message under the field, nothing opened.
  await select(page, 'Department').selectOption({ label: 'Billing' });
  await field(page, 'Subject').fill('Refund of the last invoice');
  await field(page, 'Message').fill('Please refund\u0007 it.');
  await submit(page).click();
  await expectDescribedBy(field(page, 'Message'), 'The text may not contain control characters.');
  const token = await sessionToken(page);
  expect(await ticketsOf(page.request, token)).toHaveLength(0);

  // Two quick presses send one ticket; the thread opens.
  await field(page, 'Message').fill('Please refund it.\nThanks.');
  await submit(page).dblclick();
  await expect(page).toHaveURL(/\/support\/\d{6}$/);
  await expect(toast(page, 'Your ticket has been opened.')).toBeVisible();
  const tid = new URL(page.url()).pathname.split('/').pop();
  const tickets = await ticketsOf(page.request, token);
  expect(tickets.map((ticket) => ticket.tid)).toEqual([tid]);
  const detail = await page.request.get(`/api/support/${tid}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const ticket = (await detail.json()) as {
    deptid: number;
    priority: string;
    replies: { reply: { message: string; attachment: string }[] };
  };
  expect(ticket).toMatchObject({ deptid: 3, priority: 'Low' });
  expect(ticket.replies.reply[0]?.message).toBe('Please refund it.\nThanks.');
  expect(ticket.replies.reply[0]?.attachment).toMatch(/^[0-9a-f]{32}\.png$/);
});

test('the related service list: the owner’s services, and never fetched without the services permission', async ({
  page,
}) => {
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/support/new');
  const services = select(page, 'Related Service');
  await expect(services.getByRole('option', { name: /web01\.demo\.example/ })).toHaveCount(1);
  await services.selectOption({
    label: (await services.getByRole('option', { name: /web01\.demo\.example/ }).textContent())!,
  });
  await expect(services).not.toHaveValue('');

  const subAccount = await createSubAccount(page.request, { support: true });
  try {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/services')) asked.push(request.url());
    });
    await page.context().clearCookies();
    await signInWithToken(page, subAccount.email, subAccount.password);
    await page.goto('/support/new');
    await expect(select(page, 'Department')).toHaveValue('1');
    await expect(select(page, 'Priority')).toBeVisible();
    await expect(select(page, 'Related Service')).toHaveCount(0);
    expect(asked).toEqual([]);
  } finally {
    await deleteSubAccount(page.request, subAccount);
  }
});

test('a guest’s form: Sales fixed, no images, the captcha asked for, then the ticket opened with its key', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/support/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Open New Ticket' })).toBeVisible();
  await expect(field(page, 'Department')).toHaveValue('Sales');
  await expect(field(page, 'Department')).toHaveAttribute('readonly', '');
  await expect(select(page, 'Related Service')).toHaveCount(0);
  await expect(form(page).getByRole('button', { name: 'Attach Images' })).toHaveCount(0);
  await expect(select(page, 'Priority')).toHaveValue('Low');

  await submit(page).click();
  await expectDescribedBy(field(page, 'Name'), 'The name field is required.');
  await expectDescribedBy(field(page, 'Email Address'), 'The email field is required.');
  await expectDescribedBy(field(page, 'Subject'), 'The subject field is required.');
  await expectDescribedBy(field(page, 'Message'), 'The message field is required.');

  await field(page, 'Name').fill('Gus Guest');
  await field(page, 'Email Address').fill(uniqueEmail('guest-form'));
  await field(page, 'Subject').fill('Do you sell storage in Chicago?');
  await field(page, 'Message').fill('And at what price?');
  await select(page, 'Priority').selectOption('Medium');
  await submit(page).click();
  await expect(form(page).getByText('Please complete the captcha')).toBeVisible();
  await expectNoSeriousViolations(page);

  await solveCaptcha(page);
  await expect(form(page).getByText('Please complete the captcha')).toBeHidden();
  await submit(page).click();
  await expect(page).toHaveURL(/\/support\/\d{6}\?c=[\w-]{43}$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Do you sell storage in Chicago?' }),
  ).toBeVisible();
});

test('a prefilled link sends the customer’s ticket once and leaves no parameters behind', async ({
  page,
}) => {
  const account = await registerAccount(page.request, 'prefill');
  await signInWithToken(page, account.email, account.password);
  await page.goto('/dashboard');
  const query = new URLSearchParams({
    subject: 'Prefilled from a link',
    message: 'Sent by itself.\nSecond line.',
    deptid: '3',
  });
  await page.goto(`/support/new?${query}`);
  await expect(page).toHaveURL(/\/support\/\d{6}$/);
  const tid = new URL(page.url()).pathname.split('/').pop();
  await expect(page.getByRole('heading', { level: 1, name: 'Prefilled from a link' })).toBeVisible();

  // Back leads to the bare form, which sends nothing again.
  await page.goBack();
  await expect(page).toHaveURL(/\/support\/new$/);
  await expect(select(page, 'Department')).toHaveValue('1');
  await expect(field(page, 'Subject')).toHaveValue('');
  await page.reload();
  await expect(select(page, 'Department')).toHaveValue('1');
  await expect(field(page, 'Subject')).toHaveValue('');
  const tickets = await ticketsOf(page.request, await sessionToken(page));
  expect(tickets.map((ticket) => [ticket.tid, ticket.subject])).toEqual([[tid, 'Prefilled from a link']]);
});

test('a prefilled guest link fills the form and sends it once the captcha is solved', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('guest-prefill');
  const query = new URLSearchParams({
    name: 'Pat Prefill',
    email,
    subject: 'Contact from the price page',
    message: 'Please call me back.',
    deptid: '1',
  });
  await page.goto(`/support/new?${query}`);
  await expect(field(page, 'Name')).toHaveValue('Pat Prefill');
  await expect(field(page, 'Email Address')).toHaveValue(email);
  await expect(field(page, 'Subject')).toHaveValue('Contact from the price page');
  await expect(field(page, 'Message')).toHaveValue('Please call me back.');
  // A guest always writes to Sales, whatever the link says.
  await expect(field(page, 'Department')).toHaveValue('Sales');
  await expect(page).toHaveURL(/\?/);

  // Solved, the form sends itself at once: the widget's 'Verified' may never be seen.
  await form(page).getByRole('checkbox').click({ force: true });
  await expect(page).toHaveURL(/\/support\/\d{6}\?c=[\w-]{43}$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Contact from the price page' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/support\/new$/);
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test('the customer’s and the guest’s forms fit the screen', async ({ page }) => {
    await page.goto('/support/new');
    await expect(field(page, 'Department')).toHaveValue('Sales');
    await expectNoHorizontalOverflow(page);
    await expectEveryComponentStyled(page);
    await expectNoSeriousViolations(page);

    await signInWithToken(page, demo.email, demo.password);
    await page.goto('/support/new');
    await expect(
      select(page, 'Related Service').getByRole('option', { name: /web01\.demo\.example/ }),
    ).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
    await expectEveryComponentStyled(page);
    await expectNoSeriousViolations(page);
  });
});
