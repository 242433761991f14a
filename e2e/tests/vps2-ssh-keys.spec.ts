import { type APIRequestContext, expect, type Locator, type Page, test } from './support/test.ts';
import { signInWithToken } from './support/accounts.ts';
import { demo } from './support/env.ts';
import { ownerApi, serviceIdByDomain } from './support/owner-api.ts';

/**
 * Reinstalling a VPS v2 with the account's SSH keys (servers spec §2 Configure, §3
 * ssh_keys_allowed; account spec §3 SSH key): the rebuild dialog lists the demo owner's key by
 * title and sends it with the reinstall. The journeys use game01 (VM 103), not web01 that
 * vps2.spec.ts reinstalls, and reinstall it with the operating system it already runs
 * (ubuntu-24.04), so the journeys after these find it as they expect.
 */
const DOMAIN = 'game01.demo.example';
const OS = 'ubuntu-24.04';
const DEMO_KEY_TITLE = 'Dana laptop';

interface SshKey {
  id: number;
  title: string;
  public_key: string;
}

const serviceId = (request: APIRequestContext) => serviceIdByDomain(request, DOMAIN);

const sshKeys = async (request: APIRequestContext) =>
  (await ownerApi<{ data: SshKey[] }>(request, 'GET', '/ssh-keys')).data;

async function isLocked(request: APIRequestContext, id: number): Promise<boolean> {
  return (await ownerApi<{ vps: { locked: boolean } }>(request, 'GET', `/services/vps/v2/${id}`)).vps.locked;
}

async function untilUnlocked(request: APIRequestContext, id: number) {
  await expect.poll(() => isLocked(request, id), { timeout: 60_000 }).toBe(false);
}

/** Opens game01's Configure tab as the demo owner, with a clock the test can move to the next poll. */
async function openConfigure(page: Page): Promise<number> {
  const id = await serviceId(page.request);
  await untilUnlocked(page.request, id);
  await page.clock.install();
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(`/services/vps/v2/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Configure' }).click();
  return id;
}

/** Moves the browser to the next poll until `check` passes: the simulated work takes real seconds. */
async function untilNextPolls(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.clock.fastForward('00:31');
    await check();
  }).toPass({ timeout: 45_000, intervals: [500, 1000, 1000, 2000] });
}

async function selectOption(page: Page, input: Locator, label: string) {
  await input.click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test.describe.configure({ mode: 'serial' });

test('reinstalls with the demo SSH key chosen by its title, then shows the password once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const demoKey = (await sshKeys(page.request)).find((key) => key.title === DEMO_KEY_TITLE);
  expect(demoKey, 'the demo data has an SSH key').toBeDefined();

  await openConfigure(page);
  await page.getByRole('button', { name: 'Reinstall OS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reinstall OS' });
  const os = dialog.getByRole('combobox', { name: 'Operating System' });

  // The field is offered only for an operating system that takes keys.
  await selectOption(page, os, 'windows-server-2022');
  await expect(dialog.getByLabel('SSH Keys')).toHaveCount(0);
  await selectOption(page, os, OS);
  const keys = dialog.getByLabel('SSH Keys');
  await expect(keys).toBeVisible();
  await selectOption(page, keys, DEMO_KEY_TITLE);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(DEMO_KEY_TITLE, { exact: true })).toBeVisible();

  const chosenPassword = await dialog.getByLabel('Root Password').inputValue();
  const rebuild = page.waitForRequest(
    (request) => request.url().endsWith('/rebuild') && request.method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Reinstall' }).click();
  expect((await rebuild).postDataJSON()).toMatchObject({ osid: '9000', sshKeyIds: [demoKey!.id] });

  await expect(dialog.getByText('The operating system is being reinstalled.')).toBeVisible();
  await expect(dialog.getByTestId('one-time-password')).toHaveText(chosenPassword);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const locked = page.getByRole('alert').filter({ hasText: 'Server Locked' });
  await expect(locked).toBeVisible();
  await untilNextPolls(page, async () => {
    await expect(locked).toHaveCount(0, { timeout: 1000 });
  });
  await expect(page.getByRole('list', { name: 'Specifications' })).toContainText(OS);
});

test('says where keys are added when the account has none', async ({ page }) => {
  const demoKey = (await sshKeys(page.request)).find((key) => key.title === DEMO_KEY_TITLE)!;
  await ownerApi(page.request, 'DELETE', `/ssh-keys/${demoKey.id}`);
  try {
    await openConfigure(page);
    await page.getByRole('button', { name: 'Reinstall OS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reinstall OS' });
    await selectOption(page, dialog.getByRole('combobox', { name: 'Operating System' }), OS);
    await expect(dialog.getByText('No SSH keys', { exact: true })).toBeVisible();
    await expect(dialog.getByText('SSH keys are added under Account > SSH Keys.')).toBeVisible();
  } finally {
    // Put the demo key back for the journeys that come after.
    await ownerApi(page.request, 'POST', '/ssh-keys', {
      title: demoKey.title,
      publicKey: demoKey.public_key,
    });
  }
});
