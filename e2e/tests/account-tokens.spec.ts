import { expect, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { registerAccount, signInWithToken } from './support/accounts.ts';
import {
  expectBesideItsLabel,
  expectEveryComponentStyled,
  expectNoHorizontalOverflow,
  expectWithinScreenWidth,
  PHONE,
} from './support/layout.ts';
import { card, confirmDialog, toast } from './support/page.ts';

/**
 * The API Tokens tab (portal spec §3, §5; beyond it: scope, expiry, last use), as a fresh owner:
 * a token made here is used from the test's own HTTP client, as a script would.
 */

const EMPTY = 'No API tokens yet. Create one to use the API from your scripts.';

async function openAsNewOwner(page: Page) {
  const account = await registerAccount(page.request, 'tokens');
  await signInWithToken(page, account.email, account.password);
  await page.goto('/account/api-tokens');
  const section = card(page, 'API Tokens');
  await expect(section.getByText(EMPTY)).toBeVisible();
  return section;
}

/** Fills the Create Token dialog and returns the token it shows once. */
async function createToken(
  page: Page,
  description: string,
  scope: 'Read only' | 'Full access',
  expiresOn = '',
) {
  await card(page, 'API Tokens').getByRole('button', { name: 'Create Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Token' });
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  await dialog.getByRole('radio', { name: scope }).check();
  if (expiresOn) await dialog.getByLabel('Expires on (Optional)').fill(expiresOn);
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  const shown = dialog.getByTestId('one-time-password');
  await expect(shown).toHaveText(/^rdk_/);
  return { dialog, token: (await shown.textContent())! };
}

test('a read-only token reads but changes nothing, shows its last use, and is refused once deleted', async ({
  page,
  playwright,
  baseURL,
}) => {
  const section = await openAsNewOwner(page);
  await expectNoSeriousViolations(page);

  // The description is required.
  await section.getByRole('button', { name: 'Create Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Token' });
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
    'Description is required',
  );
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const { token } = await createToken(page, 'Nightly report', 'Read only');
  await expect(
    dialog.getByText('The API token has been created. Copy it now: it is not shown again.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy token' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const row = section.getByRole('row').filter({ hasText: 'Nightly report' });
  await expect(row).toContainText('Read only');
  await expect(row.getByRole('cell').nth(3)).toHaveText('Never');
  await expect(row).toContainText('Never used');
  // The token itself is nowhere on the page any more.
  await expect(page.getByText(token)).toHaveCount(0);

  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  try {
    const services = await script.get('/api/services');
    expect(services.status(), await services.text()).toBe(200);
    const cancel = await script.post('/api/services/1/cancel', {
      data: { type: 'Immediate', reason: 'Trying a read-only token' },
    });
    expect(cancel.status()).toBe(403);
    expect(((await cancel.json()) as { error: string }).error).toBe('read_only_token');

    await page.reload();
    await expect(row).not.toContainText('Never used');
    await expect(row).toContainText(/ from \S+/);

    await row.getByRole('button', { name: 'Delete Nightly report' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete API Token' })).toContainText('Nightly report');
    await confirmDialog(page, 'Delete');
    await expect(toast(page, 'The API token has been deleted.')).toBeVisible();
    await expect(section.getByText(EMPTY)).toBeVisible();
    expect((await script.get('/api/services')).status()).toBe(401);
  } finally {
    await script.dispose();
  }
});

test('a full-access token with an expiry day shows both, and a day gone by is refused', async ({ page }) => {
  const section = await openAsNewOwner(page);

  await section.getByRole('button', { name: 'Create Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Token' });
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Deploys');
  const expiresOn = dialog.getByLabel('Expires on (Optional)');
  await expiresOn.fill('2020-01-01');
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  await expect(expiresOn).toHaveAccessibleDescription(/The expiry date must be in the future\./);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const { dialog: created } = await createToken(page, 'Deploys', 'Full access', '2099-12-31');
  await created.getByRole('button', { name: 'Done' }).click();
  const row = section.getByRole('row').filter({ hasText: 'Deploys' });
  await expect(row).toContainText('Full access');
  await expect(row.getByRole('cell').nth(3)).toContainText('Dec 31, 2099');
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test('the tab, the form and the shown token fit the screen, every component styled', async ({ page }) => {
    const section = await openAsNewOwner(page);
    await expectNoHorizontalOverflow(page);
    await expectEveryComponentStyled(page);

    await section.getByRole('button', { name: 'Create Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Token' });
    await expect(dialog).toBeVisible();
    await expectWithinScreenWidth(page, dialog);
    await expectBesideItsLabel(dialog.getByRole('radio', { name: 'Read only' }));
    await expectEveryComponentStyled(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const { dialog: shown } = await createToken(page, 'Phone', 'Read only');
    await expectWithinScreenWidth(page, shown);
    await expectNoHorizontalOverflow(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(section.getByRole('row').filter({ hasText: 'Phone' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectEveryComponentStyled(page);
  });
});
