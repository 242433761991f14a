import { expect, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { currentUser, registerAccount, signIn, signInWithToken } from './support/accounts.ts';
import { demo, sub } from './support/env.ts';
import { expectEveryComponentStyled, expectNoHorizontalOverflow, PHONE } from './support/layout.ts';
import { card, toast } from './support/page.ts';

test('an owner fills in the details and user_details_ok turns true', async ({ page }) => {
  const account = await registerAccount(page.request, 'details');
  await signIn(page, account.email, account.password);
  await page.goto('/account');

  const notice = page.getByText('Please update your account details first.');
  await expect(notice).toBeVisible();
  expect((await currentUser(page)).user_details_ok).toBe(false);

  const form = card(page, 'Your Details');
  await expect(form.getByLabel('Email Address')).toHaveValue(account.email);
  await expect(form.getByLabel('Email Address')).toHaveAttribute('readonly', '');
  await expect(form.getByLabel('First Name')).toHaveValue(account.firstName);

  // A field too long for the server: its 422 message shows under the field, nothing is saved.
  await form.getByLabel('City').fill('x'.repeat(101));
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('This field may not be greater than 100 characters.')).toBeVisible();
  expect((await currentUser(page)).city).toBe('');

  await form.getByLabel('Company Name').fill('NOT_SET');
  await form.getByLabel('Address 1').fill('12 Harbour Street');
  await form.getByLabel('City').fill('Hamburg');
  await form.getByLabel('State').fill('Hamburg');
  await form.getByLabel('Postcode').fill('20095');
  await form.getByLabel('Phone Number').fill('+49 40 1234567');
  await form.getByRole('combobox', { name: 'Country' }).fill('Germ');
  await page.getByRole('option', { name: 'Germany', exact: true }).click();
  await form.getByRole('combobox', { name: 'Default Payment Method' }).click();
  await page.getByRole('option', { name: 'Cryptomus', exact: true }).click();
  await form.getByRole('button', { name: 'Save Changes' }).click();

  await expect(toast(page, 'Your account details have been updated successfully.')).toBeVisible();
  await expect(notice).toBeHidden();
  const user = await currentUser(page);
  expect(user).toMatchObject({
    user_details_ok: true,
    companyname: '',
    address1: '12 Harbour Street',
    city: 'Hamburg',
    postcode: '20095',
    country: 'DE',
    defaultgateway: 'cryptomusgateway',
  });

  // A reload shows what the server kept.
  await page.reload();
  await expect(form.getByLabel('Address 1')).toHaveValue('12 Harbour Street');
  await expect(form.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany');
  await expect(form.getByLabel('Phone Number')).toHaveValue(String(user.phonenumberformatted));
  await expect(form.getByRole('combobox', { name: 'Default Payment Method' })).toHaveValue('Cryptomus');
});

test("a sub-account sees its own name and e-mail and the owner's details read-only", async ({ page }) => {
  await signInWithToken(page, sub.email, sub.password);
  await page.goto('/account');

  const own = card(page, 'Your Details');
  await expect(own.getByText(sub.name)).toBeVisible();
  await expect(own.getByText(sub.email)).toBeVisible();
  const parent = card(page, 'Parent Account');
  await expect(parent.getByText(demo.email)).toBeVisible();
  await expect(parent.getByText('Only its owner can change them.')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test('no serious accessibility violations on Account Details, and the country is chosen by keyboard', async ({
  page,
}) => {
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/account');
  await expect(card(page, 'Your Details')).toBeVisible();
  await expectNoSeriousViolations(page);

  // The list keeps the focus in its input (arrow keys move through the options), as comboboxes do.
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.focus();
  await country.fill('Canad');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue('Canada');
  await expect(country).toBeFocused();
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test('the details form fits the screen with every component styled', async ({ page }) => {
    await signInWithToken(page, demo.email, demo.password);
    await page.goto('/account');
    await expect(card(page, 'Your Details')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectEveryComponentStyled(page);

    await signInWithToken(page, sub.email, sub.password);
    await page.goto('/account');
    await expect(card(page, 'Parent Account')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectEveryComponentStyled(page);
  });
});
