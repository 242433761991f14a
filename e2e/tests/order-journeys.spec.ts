import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { signInWithToken, uniqueEmail } from './support/accounts.ts';
import { demo } from './support/env.ts';
import { payWithNewCard, statusBadge } from './support/invoices.ts';
import { mailedLink } from './support/mail.ts';
import { ownerApi, serviceIds } from './support/owner-api.ts';
import { productCard, summary } from './support/order.ts';
import { card, selectOption } from './support/page.ts';

/**
 * Orders from the catalogue to a running service, in the browser against the simulator (portal
 * spec §2 Order wizard, §4 Order flow; issue 16): the invoice paid in the payment sandbox, the
 * service provisioned by the platform's adapter, Active on the service list without a reload, and
 * its page managing it.
 */

test.setTimeout(180_000);

const agreeAndComplete = async (page: Page) => {
  await summary(page)
    .getByRole('checkbox', { name: /terms of service/ })
    .check();
  await summary(page).getByRole('button', { name: 'Complete Order' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+\?success=true&orderId=\d+&ordernum=\d+$/);
  await expect(page.getByText('Thank you for your order!')).toBeVisible();
};

/** The services list's row of `domain` turns Active by itself (the server says so live). */
async function expectActiveOnServiceList(page: Page, domain: string) {
  await page.goto('/services');
  await page.getByLabel('Search services').fill(domain);
  const row = page.getByRole('row').filter({ hasText: domain });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Active', { exact: true })).toBeVisible({ timeout: 90_000 });
  return row;
}

/** The service the order created turns Active (the platform set it up after the payment). */
async function expectServiceActive(page: Page, id: number) {
  await expect
    .poll(
      async () =>
        (await ownerApi<{ billing: { status: string } }>(page.request, 'GET', `/services/${id}`)).billing
          .status,
      { timeout: 90_000, intervals: [1000, 2000] },
    )
    .toBe('Active');
}

/** Every service id of the demo owner. */
async function demoServiceIds(page: Page): Promise<Set<number>> {
  const body = await ownerApi<{ products: { product: { id: number }[] } }>(page.request, 'GET', '/services');
  return new Set(body.products.product.map((service) => service.id));
}

/** The one service of the demo owner that was not there `before`. */
async function newServiceId(page: Page, before: ReadonlySet<number>): Promise<number> {
  const created = [...(await demoServiceIds(page))].filter((id) => !before.has(id));
  expect(created, 'the order created one service').toHaveLength(1);
  return created[0]!;
}

test('a guest configures a VPS, registers in place, completes the details, pays by card and manages the running server', async ({
  page,
  context,
}) => {
  const hostname = `journey-${randomUUID().slice(0, 6)}`;
  const email = uniqueEmail('order-journey');
  await page.goto('/order');
  await page.getByRole('button', { name: /Virtual Server/ }).click();
  await productCard(page, 'DW-2G (New York)')
    .getByRole('link', { name: /Configure Server/ })
    .click();
  await page.getByRole('textbox', { name: 'Hostname' }).fill(hostname);
  await page
    .getByRole('region', { name: 'Distribution' })
    .getByRole('radio', { name: /Ubuntu/ })
    .click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3 as a guest: register in place.
  await page.getByRole('button', { name: "I don't have an account yet" }).click();
  const register = page.getByRole('region', { name: 'Register' });
  await register.getByLabel('Email Address').fill(email);
  await register.getByRole('textbox', { name: 'Password', exact: true }).fill('journey-password-1');
  await register.getByLabel('Confirm Password').fill('journey-password-1');
  await register.getByLabel('First Name (Optional)').fill('Jo');
  await register.getByRole('checkbox').click({ force: true });
  await expect(register.getByText('Verified', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(`Logged in as ${email}`)).toBeVisible();
  await expect(page).toHaveURL(/\/order\/vps\/201$/);

  // Orders wait for a verified address: the link mailed at sign-up, opened beside the checkout.
  const warning = page.getByText(/Orders are not processed until your email address is verified/);
  await expect(warning).toBeVisible();
  const verify = await context.newPage();
  await verify.goto(await mailedLink(email, 'verify-email'));
  await expect(verify.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await verify.close();
  await expect(warning).toBeHidden();

  // A card needs the profile's details: filled in the 'Add Required Info' dialog.
  await page
    .getByRole('radiogroup', { name: 'Payment Method' })
    .getByRole('radio', { name: 'Credit Card' })
    .check();
  const dialog = page.getByRole('dialog', { name: 'Add Required Info' });
  await dialog.getByLabel('Last Name').fill('Journey');
  await dialog.getByLabel('Phone Number').fill('+1.2125550100');
  await dialog.getByLabel('Address 1').fill('5 Hudson Yards');
  await dialog.getByLabel('City').fill('New York');
  await dialog.getByLabel('State').fill('NY');
  await dialog.getByLabel('Postcode').fill('10001');
  await selectOption(page, dialog.getByRole('combobox', { name: 'Country' }), 'United States');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your account details have been updated successfully.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByText('Non-Crypto payments require you to enter your details in your profile first.'),
  ).toBeHidden();

  await agreeAndComplete(page);
  await expect(page.getByText(hostname).first()).toBeVisible();
  await payWithNewCard(page, '4242424242424242');
  await expect(statusBadge(page, 'Paid')).toBeVisible();

  const row = await expectActiveOnServiceList(page, hostname);
  await row.getByRole('link', { name: hostname }).click();
  await expect(page).toHaveURL(/\/services\/vps\/v2\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: hostname })).toBeVisible();
  await expect(page.getByText(/Ubuntu/i).first()).toBeVisible();
});

test('the demo owner orders a dedicated server with a RAID 1 disk layout and it is installed', async ({
  page,
}) => {
  const before = await demoServiceIds(page);
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/order/301');
  await selectOption(page, page.getByRole('combobox', { name: 'Operating System' }), 'Ubuntu 24.04 LTS');
  await selectOption(page, page.getByRole('combobox', { name: 'Disk Layout' }), 'RAID 1');
  await expect(summary(page).getByText('Disk Layout: RAID 1')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  const placed = page.waitForRequest((request) => request.url().endsWith('/api/billing/order'));
  await agreeAndComplete(page);
  const product = await ownerApi<{
    products: {
      product: [
        {
          configoptions: {
            configoption: { name: string; options: { option: { id: number; name: string }[] } }[];
          };
        },
      ];
    };
  }>(page.request, 'GET', '/billing/products/product/301');
  const layout = product.products.product[0].configoptions.configoption.find(
    (option) => option.name === 'Disk Layout',
  )!;
  const raid1 = layout.options.option.find((choice) => choice.name === 'RAID 1')!;
  expect((await placed).postDataJSON().configoptions).toContainEqual({
    id: expect.any(Number),
    optionid: raid1.id,
  });

  // The demo owner's saved card pays it.
  await expect(page.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(statusBadge(page, 'Paid')).toBeVisible();

  const id = await newServiceId(page, before);
  await expectServiceActive(page, id);
  await page.goto(`/services/dedicated/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(card(page, 'Server Specs')).toBeVisible();
});

test('the demo owner orders a storage block attached to its VPS v2', async ({ page }) => {
  const web01 = (await serviceIds(page.request)).get('web01.demo.example')!;
  const before = await demoServiceIds(page);
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/order/storage/322');
  const block = page.getByRole('region', { name: 'Block Configuration' });
  await selectOption(
    page,
    block.getByRole('combobox', { name: 'Select VPS to attach to' }),
    'web01.demo.example',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await agreeAndComplete(page);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(statusBadge(page, 'Paid')).toBeVisible();

  const id = await newServiceId(page, before);
  await expectServiceActive(page, id);
  await page.goto(`/services/storage/${id}`);
  const options = card(page, 'Billing Options');
  await expect(options.getByText('Attached to')).toBeVisible();
  await expect(options.getByRole('link', { name: 'web01.demo.example' })).toHaveAttribute(
    'href',
    `/services/vps/v2/${web01}`,
  );
  await expect(options.getByText('100 GB')).toBeVisible();
});
