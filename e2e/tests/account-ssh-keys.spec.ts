import { expect, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { registerAccount, signInWithToken } from './support/accounts.ts';
import {
  expectEveryComponentStyled,
  expectNoHorizontalOverflow,
  expectWithinScreenWidth,
  PHONE,
} from './support/layout.ts';
import { card, confirmDialog, toast } from './support/page.ts';
import { newEd25519Key } from './support/ssh-key.ts';

/**
 * The SSH Keys tab (portal spec §2, §3, §5, §8), as a fresh owner so that the demo owner's key,
 * which the rebuild journeys use, stays as it is.
 */

async function openAsNewOwner(page: Page) {
  const account = await registerAccount(page.request, 'ssh-keys');
  await signInWithToken(page, account.email, account.password);
  await page.goto('/account/ssh-keys');
  const section = card(page, 'SSH Keys');
  await expect(section.getByText('No SSH keys yet. Add one to install it on your servers.')).toBeVisible();
  return section;
}

test('adds a key and shows its type, size and SHA256 fingerprint, refuses a duplicate title and a bad key, deletes it', async ({
  page,
}) => {
  const section = await openAsNewOwner(page);
  const key = newEd25519Key('erin@laptop');

  await section.getByRole('button', { name: 'Add SSH Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add SSH Key' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Laptop');
  await dialog.getByRole('textbox', { name: 'Public Key' }).fill(key.publicKey);
  await dialog.getByRole('button', { name: 'Add SSH Key' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'SSH key added.')).toBeVisible();

  const row = section.getByRole('row').filter({ hasText: 'Laptop' });
  await expect(row).toContainText('ED25519, 256 bits');
  await expect(row).toContainText(key.fingerprint);
  await expectNoSeriousViolations(page);

  // The same title again: the server's message containing 'unique' under the title.
  await section.getByRole('button', { name: 'Add SSH Key' }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Laptop');
  await dialog.getByRole('textbox', { name: 'Public Key' }).fill(newEd25519Key('other').publicKey);
  await dialog.getByRole('button', { name: 'Add SSH Key' }).click();
  const title = dialog.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveAccessibleDescription(/unique/);
  await expect(title).toHaveAttribute('aria-invalid', 'true');

  // A key that is not one: 'Invalid SSH public key format' under the key.
  await title.fill('Desktop');
  const publicKey = dialog.getByRole('textbox', { name: 'Public Key' });
  await publicKey.fill('ssh-ed25519 this-is-not-a-key');
  await dialog.getByRole('button', { name: 'Add SSH Key' }).click();
  await expect(publicKey).toHaveAccessibleDescription(/Invalid SSH public key format/);
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: 'Delete Laptop' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete SSH Key' })).toContainText('Laptop');
  await confirmDialog(page, 'Delete');
  await expect(toast(page, 'SSH key deleted.')).toBeVisible();
  await expect(section.getByText('No SSH keys yet. Add one to install it on your servers.')).toBeVisible();
});

test("says 'Failed to add SSH key' and 'Failed to delete SSH key' when the server cannot be reached, and offers the list again after 'Unable to fetch SSH keys'", async ({
  page,
}) => {
  const section = await openAsNewOwner(page);
  await section.getByRole('button', { name: 'Add SSH Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add SSH Key' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Build box');
  await dialog.getByRole('textbox', { name: 'Public Key' }).fill(newEd25519Key('ci').publicKey);
  await page.route('**/api/ssh-keys', (route) => route.abort(), { times: 1 });
  await dialog.getByRole('button', { name: 'Add SSH Key' }).click();
  await expect(toast(page, 'Failed to add SSH key')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add SSH Key' }).click();
  await expect(dialog).toBeHidden();

  await page.route('**/api/ssh-keys/*', (route) => route.abort(), { times: 1 });
  await section.getByRole('button', { name: 'Delete Build box' }).click();
  await confirmDialog(page, 'Delete');
  await expect(toast(page, 'Failed to delete SSH key')).toBeVisible();
  await expect(section.getByRole('row').filter({ hasText: 'Build box' })).toBeVisible();

  // The list is asked for twice (one retry) before it counts as failed.
  await page.route('**/api/ssh-keys', (route) => route.abort(), { times: 2 });
  await page.reload();
  // The toast, and in the tab the same words with a way out.
  await expect(page.getByRole('alert').filter({ hasText: /^Unable to fetch SSH keys$/ })).toBeVisible();
  await expect(section.getByRole('alert')).toContainText('Unable to fetch SSH keys');
  await section.getByRole('button', { name: 'Try Again' }).click();
  await expect(section.getByRole('row').filter({ hasText: 'Build box' })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test('the tab and its dialog fit the screen, every component styled', async ({ page }) => {
    const section = await openAsNewOwner(page);
    await expectNoHorizontalOverflow(page);
    await expectEveryComponentStyled(page);
    await section.getByRole('button', { name: 'Add SSH Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add SSH Key' });
    await expect(dialog).toBeVisible();
    await expectWithinScreenWidth(page, dialog);
    await expectEveryComponentStyled(page);
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Phone');
    await dialog.getByRole('textbox', { name: 'Public Key' }).fill(newEd25519Key('phone').publicKey);
    await dialog.getByRole('button', { name: 'Add SSH Key' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('row').filter({ hasText: 'Phone' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectEveryComponentStyled(page);
  });
});
