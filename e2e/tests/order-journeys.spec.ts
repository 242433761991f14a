import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from './support/test.ts';
import { signInWithToken, uniqueEmail } from './support/accounts.ts';
import { completeAccountDetails, headersOf, payWithNewCard, statusBadge } from './support/invoices.ts';
import { mailedLink } from './support/mail.ts';
import { productCard, summary, verifiedAccount } from './support/order.ts';
import { card, selectOption } from './support/page.ts';

/**
 * Orders from the catalogue to a running service, in the browser against the simulator (portal
 * spec §2 Order wizard, §4 Order flow; issue 16): the invoice paid in the payment sandbox, the
 * service provisioned by the platform's adapter, Active on the service list without a reload, and
 * its page managing it. Each journey orders as a fresh account, so the demo owner's services, which
 * other journeys count, stay as they are: the storage block attaches to the journey's own VPS v2.
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

interface ProductAnswer {
  products: {
    product: {
      configoptions: {
        configoption: { id: number; name: string; options: { option: { id: number; name: string }[] } }[];
      };
    }[];
  };
}

test('a guest configures a VPS, registers in place, completes the details, pays by card, manages the running server and attaches a storage block to it', async ({
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
  const vpsId = Number(page.url().split('/').pop());

  // A storage block for it: the new server is offered as the VPS to attach to.
  await page.goto('/order/storage/322');
  const block = page.getByRole('region', { name: 'Block Configuration' });
  await selectOption(page, block.getByRole('combobox', { name: 'Select VPS to attach to' }), hostname);
  await page.getByRole('button', { name: 'Continue' }).click();
  await agreeAndComplete(page);
  await payWithNewCard(page, '4242424242424242');
  await expect(statusBadge(page, 'Paid')).toBeVisible();

  const storageRow = await expectActiveOnServiceList(page, 'Storage Block 100 GB');
  await storageRow.getByRole('link', { name: 'Storage Block 100 GB' }).click();
  const options = card(page, 'Billing Options');
  await expect(options.getByText('Attached to')).toBeVisible();
  await expect(options.getByRole('link', { name: hostname })).toHaveAttribute(
    'href',
    `/services/vps/v2/${vpsId}`,
  );
  await expect(options.getByText('100 GB')).toBeVisible();
});

test('a dedicated server ordered with a RAID 1 disk layout is assigned and installed once paid', async ({
  page,
}) => {
  const account = await verifiedAccount(page.request, 'order-dedicated');
  await completeAccountDetails(page.request, await headersOf(page.request, account.email, account.password));
  await signInWithToken(page, account.email, account.password);
  await page.goto('/order/301');
  await selectOption(page, page.getByRole('combobox', { name: 'Operating System' }), 'Ubuntu 24.04 LTS');
  await selectOption(page, page.getByRole('combobox', { name: 'Disk Layout' }), 'RAID 1');
  await expect(summary(page).getByText('Disk Layout: RAID 1')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('radiogroup', { name: 'Payment Method' }).getByRole('radio', { name: 'Credit Card' }),
  ).toBeChecked();
  const placed = page.waitForRequest((request) => request.url().endsWith('/api/billing/order'));
  await agreeAndComplete(page);

  // The request named the RAID 1 choice of the product's Disk Layout option.
  const response = await page.request.get('/api/billing/products/product/301');
  const [product] = ((await response.json()) as ProductAnswer).products.product;
  const layout = product!.configoptions.configoption.find((option) => option.name === 'Disk Layout')!;
  const raid1 = layout.options.option.find((choice) => choice.name === 'RAID 1')!;
  expect((await placed).postDataJSON().configoptions).toContainEqual({ id: layout.id, optionid: raid1.id });

  await payWithNewCard(page, '4242424242424242');
  await expect(statusBadge(page, 'Paid')).toBeVisible();

  // The service follows on the list, then its page manages the server it was given.
  await page.goto('/services');
  // Ordered without a hostname, it is named after the server the platform gave it.
  const row = page.getByRole('row').filter({ has: page.getByRole('img', { name: 'Dedicated' }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Active', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(row.getByRole('cell').first()).not.toHaveText('');
  await row.getByRole('link', { name: 'Manage' }).click();
  await expect(page).toHaveURL(/\/services\/dedicated\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(card(page, 'Server Specs')).toBeVisible();
});
