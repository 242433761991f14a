import { expect, test } from './support/test.ts';
import { signIn, signInWithToken } from './support/accounts.ts';
import { demo, sub } from './support/env.ts';

test.describe('guards', () => {
  test('a guest on /dashboard goes to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-in user on /login goes to /dashboard', async ({ page }) => {
    await signInWithToken(page, demo.email, demo.password);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Welcome back, ${demo.firstName}`)).toBeVisible();
  });

  test('a sub-account without billing on /invoices goes to /dashboard', async ({ page }) => {
    await signInWithToken(page, sub.email, sub.password);
    await page.goto('/invoices');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('/order is reachable as a guest, with the guest menu', async ({ page }) => {
    await page.goto('/order');
    await expect(page.getByRole('heading', { name: 'Select Service Type', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Login', 'Order', 'Contact']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/support/new');
  });

  test('after signing in, the user returns to the page they came from', async ({ page }) => {
    await page.goto('/services');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email Address').fill(demo.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { name: 'My Services' })).toBeVisible();
  });
});

test('an unknown path shows the 404 page and Go Back returns', async ({ page }) => {
  await page.goto('/order');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/order$/);
});

test("the sub-account's menu and header", async ({ page }) => {
  await signInWithToken(page, sub.email, sub.password);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of ['Dashboard', 'Services', 'Support', 'Account', 'Logout']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  for (const name of ['Order', 'Invoices']) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  const header = page.getByRole('banner');
  await expect(header.getByText(sub.name)).toBeVisible();
  await expect(header.getByText(sub.email)).toBeVisible();

  await header.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
});

test('the owner sees the full menu and the Billing entry', async ({ page }) => {
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of ['Dashboard', 'Order', 'Services', 'Invoices', 'Account', 'Support', 'Logout']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/account\/billinginfo$/);
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is hidden until the burger opens it, and navigating works', async ({ page }) => {
    await signIn(page, demo.email, demo.password);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Services' })).toBeHidden();

    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await burger.click();
    await expect(nav.getByRole('link', { name: 'Services' })).toBeVisible();
    await nav.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { name: 'My Services' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Services' })).toBeHidden();
  });
});
