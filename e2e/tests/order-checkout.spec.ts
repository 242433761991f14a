import { expect, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { signInWithToken } from './support/accounts.ts';
import { demo } from './support/env.ts';
import { demoHostingInvoiceDue, statusBadge } from './support/invoices.ts';
import { expectNoHorizontalOverflow, PHONE } from './support/layout.ts';
import { summary, verifiedAccount } from './support/order.ts';
import { selectOption, toast } from './support/page.ts';

/**
 * Steps 3 and 4 of the order wizard (portal spec §2, §4, §5, §6, §8): Login/Register in place for a
 * guest, the checkout (payment methods, notes, the unverified warning, the logged-in line), the
 * details a non-crypto payment needs, Complete Order to the invoice, and the Fraud Alert page.
 */

async function toCheckout(page: Page, hostname = 'checkout-01') {
  await page.goto('/order/vps/201');
  await page.getByRole('textbox', { name: 'Hostname' }).fill(hostname);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

const agreeAndComplete = async (page: Page) => {
  await summary(page)
    .getByRole('checkbox', { name: /terms of service/ })
    .check();
  await summary(page).getByRole('button', { name: 'Complete Order' }).click();
};

test('a guest at the checkout logs in or registers in place and stays on the checkout', async ({ page }) => {
  await toCheckout(page);
  await expect(summary(page).getByText('Login to complete your order.')).toBeVisible();
  await expect(summary(page).getByRole('button', { name: 'Complete Order' })).toBeDisabled();
  const panel = page.getByRole('region', { name: 'Login' });
  await panel.getByRole('button', { name: "I don't have an account yet" }).click();
  const register = page.getByRole('region', { name: 'Register' });
  await expect(register.getByLabel('Confirm Password')).toBeVisible();
  await register.getByRole('button', { name: 'I already have an account' }).click();
  await expectNoSeriousViolations(page);

  await panel.getByLabel('Email Address').fill(demo.email);
  await panel.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/order\/vps\/201$/);
  await expect(page.getByText(`Logged in as ${demo.email}`)).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Payment Method' })).toBeVisible();
  await expect(summary(page).getByRole('button', { name: 'Complete Order' })).toBeEnabled();

  // Logout in place: the checkout asks for a login again.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('region', { name: 'Login' })).toBeVisible();
  await expect(summary(page).getByText('Login to complete your order.')).toBeVisible();
});

test('an unverified account is warned at the checkout and its order refused', async ({ page }) => {
  await signInWithToken(page, 'new@example.com', 'new-password');
  await toCheckout(page);
  await expect(page.getByText(/Orders are not processed until your email address is verified/)).toBeVisible();
  await agreeAndComplete(page);
  await expect(toast(page, 'Your email address is not verified.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
});

test('a card payment needs the profile details: Add Required Info; by Cryptomus the order goes to its invoice', async ({
  page,
}) => {
  // Two orders through the checkout, one of them to its invoice: more steps than most tests.
  test.slow();
  const account = await verifiedAccount(page.request, 'order-details');
  await signInWithToken(page, account.email, account.password);
  await toCheckout(page, 'details-01');

  // Incomplete details: the checkout starts on Cryptomus; a card asks for the details first.
  const methods = page.getByRole('radiogroup', { name: 'Payment Method' });
  await expect(methods.getByRole('radio', { name: 'Cryptomus' })).toBeChecked();
  await methods.getByRole('radio', { name: 'Credit Card' }).check();
  const dialog = page.getByRole('dialog', { name: 'Add Required Info' });
  await expect(dialog.getByText('This is required for Non-Crypto Payments')).toBeVisible();
  await expect(
    page.getByText('Non-Crypto payments require you to enter your details in your profile first.'),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await methods.getByRole('radio', { name: 'Cryptomus' }).check();
  await page.getByRole('textbox', { name: 'Additional Notes' }).fill('Please rack it high.');
  const placed = page.waitForRequest((request) => request.url().endsWith('/api/billing/order'));
  await agreeAndComplete(page);
  const sent = (await placed).postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({
    paymentmethod: 'cryptomusgateway',
    pid: [201],
    domain: 'details-01',
    notes: 'Please rack it high.',
  });
  expect(Object.keys(sent)).not.toContain('total');

  await expect(page).toHaveURL(/\/invoices\/\d+\?success=true&orderId=\d+&ordernum=\d+$/);
  await expect(page.getByText('Thank you for your order!')).toBeVisible();
  await expect(page.getByText(/Your order number is \d+\. A confirmation email/)).toBeVisible();
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await expect(statusBadge(page, 'Unpaid')).toBeVisible();
  await expect(page.getByText('details-01')).toBeVisible();

  // The order is over: the wizard starts afresh.
  await page.goto('/order');
  await expect(page.getByRole('heading', { name: 'Select Service Type', level: 1 })).toBeVisible();
});

test('a first order above the limit from an account without details is held: Fraud Alert', async ({
  page,
}) => {
  const account = await verifiedAccount(page.request, 'order-fraud');
  await signInWithToken(page, account.email, account.password);
  // A year of the dual Xeon Silver: above the first-order limit, and the profile is incomplete.
  await page.goto('/order/308');
  await selectOption(page, page.getByRole('combobox', { name: 'Billing Cycle' }), 'Annually: $2,149.20 USD');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('radiogroup', { name: 'Payment Method' }).getByRole('radio', { name: 'Cryptomus' }),
  ).toBeChecked();
  await agreeAndComplete(page);

  await expect(page).toHaveURL(/\/order\/308$/);
  await expect(page.getByRole('heading', { name: 'Fraud Alert', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Your order is potentially high risk and has been held for manual review.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Submit Ticket' })).toHaveAttribute('href', '/support/new');
  await expect(
    page.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: /All Done/ }),
  ).toHaveAttribute('aria-current', 'step');
  await expectNoSeriousViolations(page);
});

test('the checkout fits a phone and passes axe', async ({ page }) => {
  await signInWithToken(page, demo.email, demo.password);
  await page.setViewportSize(PHONE);
  await toCheckout(page, 'phone-01');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
});

test('/order/invoice/{id} asks a guest to log in, then shows the invoice to pay', async ({ page }) => {
  const invoice = await demoHostingInvoiceDue(page.request);
  await page.goto(`/order/invoice/${invoice.id}`);
  await expect(page.getByText('Log in to view and pay this invoice.')).toBeVisible();
  const panel = page.getByRole('region', { name: 'Login' });
  await panel.getByLabel('Email Address').fill(demo.email);
  await panel.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/invoice/${invoice.id}$`));
  await expect(page.getByRole('heading', { name: /^Invoice #/, level: 1 })).toBeVisible();
  await expect(statusBadge(page, 'Unpaid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
});

test('a refusal the page could not foresee shows in the summary; a failure ends at step 4 with Try Again', async ({
  page,
}) => {
  await signInWithToken(page, demo.email, demo.password);
  await toCheckout(page, 'failure-01');
  // Injected answers, standing for what the page cannot check itself: the last units sold in the
  // meantime (the server's 422), then a proxy's error page in front of a broken server.
  const answers = [
    { status: 422, json: { message: 'Only 2 left', errors: { quantity: ['Only 2 left'] } } },
    { status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
  ];
  await page.route('**/api/billing/order', (route) => route.fulfill(answers.shift()!));
  await agreeAndComplete(page);
  await expect(summary(page).getByRole('alert')).toHaveText('Only 2 left');

  await summary(page).getByRole('button', { name: 'Complete Order' }).click();
  await expect(page).toHaveURL(/\/order\/vps\/201$/);
  await expect(page.getByRole('heading', { name: 'Your order could not be completed' })).toBeVisible();
  await expect(page.getByText('An error occurred, please try again')).toBeVisible();
  await expect(page.getByText('Bad Gateway')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: /All Done/ }),
  ).toHaveAttribute('aria-current', 'step');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('textbox', { name: 'Hostname' })).toHaveValue('failure-01');
});
