import { type APIRequestContext, expect, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { signInWithToken } from './support/accounts.ts';
import { demo } from './support/env.ts';
import { expectNoHorizontalOverflow } from './support/layout.ts';
import { ownerApi, serviceIdByDomain } from './support/owner-api.ts';
import { toast, untilNextPolls as untilNextPollsFor } from './support/page.ts';

/**
 * The Backups and Templates tabs of the VPS v2 page (servers spec §2, §4, §8) against the
 * simulated Proxmox VM 103 behind game01.demo.example, and the suspended staging.demo.example.
 * The tabs poll every 30 s (§9): the tests move the browser's clock to the next poll instead of
 * waiting for it. Everything a test changes on the shared demo data it puts back.
 */

const DOMAIN = 'game01.demo.example';
const SUSPENDED_DOMAIN = 'staging.demo.example';
/** game01's operating system, put back after a template was restored on it. */
const ORIGINAL_OSID = '9000';

test.use({ timezoneId: 'UTC' });
test.describe.configure({ mode: 'serial' });

interface Backup {
  volid: string;
  size: number;
  created_at: string;
}
interface UserTemplate {
  id: number;
  custom_name: string;
  status: 'completed' | 'pending' | 'error';
}

const backupsEnabled = async (request: APIRequestContext, id: number) =>
  (await ownerApi<{ isEnabled: 0 | 1 }>(request, 'GET', `/services/vps/v2/${id}/backup/check`)).isEnabled ===
  1;
const toggleBackups = (request: APIRequestContext, id: number) =>
  ownerApi(request, 'GET', `/services/vps/v2/${id}/backup/toggle`);
const listBackups = async (request: APIRequestContext, id: number) =>
  (await ownerApi<{ backups: Backup[] }>(request, 'GET', `/services/vps/v2/${id}/backups`)).backups;
const listTemplates = async (request: APIRequestContext) =>
  (await ownerApi<{ user_templates: UserTemplate[] }>(request, 'GET', '/services/vps/v2/user-template/list'))
    .user_templates;
const isLocked = async (request: APIRequestContext, id: number) =>
  (await ownerApi<{ vps: { locked: boolean } }>(request, 'GET', `/services/vps/v2/${id}`)).vps.locked;

/** How the page writes a date and a size (en-US, UTC as the browser is told above; GB = 1e9 bytes). */
const shownDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    Date.parse(iso),
  );
const shownSize = (bytes: number) =>
  `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(bytes / 1e9)} GB`;

/** Opens a tab of the VPS v2 page as the demo owner, with a clock the test can move. */
async function openTab(page: Page, id: number, tab: 'Backups' | 'Templates', clock: { time?: number } = {}) {
  await page.clock.install(clock.time === undefined ? {} : { time: clock.time });
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(`/services/vps/v2/${id}`);
  await page.getByRole('tab', { name: tab }).click();
}

/** Moves the browser to the next poll until `check` passes, waiting up to a minute. */
const untilNextPolls = (page: Page, check: () => Promise<void>) => untilNextPollsFor(page, check, 60_000);

/** Waits (on the API, not the page) until the server has finished what it was doing. */
async function untilUnlocked(request: APIRequestContext, id: number) {
  await expect.poll(() => isLocked(request, id), { timeout: 60_000 }).toBe(false);
}

const backupsCard = (page: Page) => page.getByRole('region', { name: 'Backups' });
const templatesCard = (page: Page) => page.getByRole('region', { name: 'User Templates' });
const automaticBackups = (page: Page) => page.getByRole('switch', { name: 'Automatic Backups Enabled' });
const nextBackup = (page: Page) => page.getByRole('group', { name: 'Next Backup In' });

test('shows the schedule and switches automatic backups off and on, fetching the state again', async ({
  page,
}) => {
  const id = await serviceIdByDomain(page.request, DOMAIN);
  const wasEnabled = await backupsEnabled(page.request, id);
  await openTab(page, id, 'Backups');
  const card = backupsCard(page);
  await expect(card.getByText('Backup Schedule: Every 72 hours')).toBeVisible();
  const toggle = automaticBackups(page);
  await expect(toggle).toBeEnabled();
  await expect(toggle).toBeChecked({ checked: wasEnabled });

  await toggle.hover({ force: true });
  await expect(page.getByRole('tooltip', { name: 'Turn backups on/off' })).toBeVisible();

  for (const enabled of [!wasEnabled, wasEnabled]) {
    const statusRead = page.waitForResponse((r) => r.url().endsWith(`/v2/${id}/backup/check`));
    await toggle.click({ force: true });
    await expect(toast(page, 'Successfully toggled backups!').last()).toBeVisible();
    // The status is fetched again after the toggle, and the switch follows it.
    expect((await statusRead).status()).toBe(200);
    await expect(toggle).toBeChecked({ checked: enabled });
    expect(await backupsEnabled(page.request, id)).toBe(enabled);
    if (enabled) await expect(nextBackup(page)).toContainText(/\d+ days? \d{2}:\d{2}:\d{2}/);
    else await expect(nextBackup(page)).toContainText('Automatic backups are off.');
  }
});

test('counts down to the next automatic backup every second, then shows it underway', async ({ page }) => {
  const id = await serviceIdByDomain(page.request, DOMAIN);
  const wasEnabled = await backupsEnabled(page.request, id);
  if (!wasEnabled) await toggleBackups(page.request, id);
  try {
    const { next_run: nextRun } = await ownerApi<{ next_run: number | null }>(
      page.request,
      'GET',
      `/services/vps/v2/${id}/backup/schedule`,
    );
    expect(nextRun).not.toBeNull();
    // The browser's clock stands 1 day, 1 hour, 1 minute and 1 second before the run.
    const shownAt = (nextRun! - 90_061) * 1000;
    await openTab(page, id, 'Backups', { time: shownAt - 120_000 });
    await expect(nextBackup(page)).toContainText(/\d+ days? \d{2}:\d{2}:\d{2}/);
    await page.clock.pauseAt(shownAt);
    await expect(nextBackup(page)).toContainText('1 day 01:01:01');
    await page.clock.fastForward(1000);
    await expect(nextBackup(page)).toContainText('1 day 01:01:00');
    await page.clock.fastForward(1000);
    await expect(nextBackup(page)).toContainText('1 day 01:00:59');

    // Due: the countdown gives way to the backup.
    await page.clock.setSystemTime(nextRun! * 1000);
    await page.clock.fastForward(1000);
    await expect(nextBackup(page)).toContainText('Backup is underway...');
    await expect(page.getByTestId('backup-countdown')).toHaveCount(0);
  } finally {
    if (!wasEnabled) await toggleBackups(page.request, id);
  }
});

test('Backup Now: the backup appears with its size, is restored after a confirmation, then deleted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = await serviceIdByDomain(page.request, DOMAIN);
  const before = new Set((await listBackups(page.request, id)).map((b) => b.volid));
  await openTab(page, id, 'Backups');
  const card = backupsCard(page);
  const rows = card
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Restore backup of / }) });
  if (before.size === 0) await expect(card.getByText('No backups found.')).toBeVisible();

  await card.getByRole('button', { name: 'Backup Now' }).click();
  await expect(toast(page, 'Successfully triggered backup!')).toBeVisible();
  await untilNextPolls(page, async () => {
    await expect(rows).toHaveCount(before.size + 1, { timeout: 1000 });
  });
  const made = (await listBackups(page.request, id)).find((b) => !before.has(b.volid))!;
  expect(made.size).toBeGreaterThan(0);
  const row = rows.filter({ hasText: shownDate(made.created_at) });
  await expect(row).toContainText(shownSize(made.size));
  await expect(row).toContainText(/\d+(\.\d{1,2})? GB/);
  await expectNoSeriousViolations(page);

  // The server was locked while the backup ran; once the page sees it free, restore is offered.
  const restore = row.getByRole('button', { name: 'Restore' });
  await untilNextPolls(page, async () => {
    await expect(restore).toBeEnabled({ timeout: 1000 });
  });
  await restore.click();
  const restoreDialog = page.getByRole('dialog', { name: 'Restore Backup' });
  await expect(restoreDialog).toContainText(shownDate(made.created_at));
  await expect(restoreDialog).toContainText('replaced by this backup');
  await restoreDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(restoreDialog).toBeHidden();
  await restore.click();
  await restoreDialog.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'The backup is being restored.')).toBeVisible();
  await expect(restoreDialog).toBeHidden();

  // Locked while restoring: the backup's actions come back when it is done.
  const remove = row.getByRole('button', { name: 'Delete' });
  await untilNextPolls(page, async () => {
    await expect(remove).toBeEnabled({ timeout: 1000 });
  });
  await remove.click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete Backup' });
  await expect(deleteDialog).toContainText(shownDate(made.created_at));
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'The backup was deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(rows).toHaveCount(before.size);
  expect((await listBackups(page.request, id)).map((b) => b.volid)).not.toContain(made.volid);
});

test('creates a template after checking its name, watches Pending become usable, restores it and deletes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = await serviceIdByDomain(page.request, DOMAIN);
  await openTab(page, id, 'Templates');
  const card = templatesCard(page);
  await expect(
    card.getByText('Create a custom template from your server to install on other VMs.'),
  ).toBeVisible();
  for (const column of ['Name', 'Date', 'Actions']) {
    await expect(card.getByRole('columnheader', { name: column })).toBeVisible();
  }
  if ((await listTemplates(page.request)).length === 0) {
    await expect(card.getByText('No Templates found.')).toBeVisible();
  }

  await card.getByRole('button', { name: 'Create New Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Template' });
  await expect(dialog.getByText('largest partition')).toBeVisible();
  const name = dialog.getByRole('textbox', { name: 'Template Name' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Template name cannot be empty.')).toBeVisible();
  await name.fill('my template');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(
    dialog.getByText('Template name can only contain letters, numbers, and underscores.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const templateName = `e2e_game01_${Date.now()}`;
  await card.getByRole('button', { name: 'Create New Template' }).click();
  await expect(name).toHaveValue('');
  await name.fill(templateName);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Template is being created')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = card.getByRole('row').filter({ hasText: templateName });
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Restore' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expectNoSeriousViolations(page);
  await untilNextPolls(page, async () => {
    await expect(row.getByText('Pending', { exact: true })).toHaveCount(0, { timeout: 1000 });
  });
  await expect(row.getByText('Failed', { exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Restore' })).toBeEnabled();
  await expectNoSeriousViolations(page);

  try {
    await row.getByRole('button', { name: 'Restore' }).click();
    const restoreDialog = page.getByRole('dialog', { name: 'Restore Template' });
    await expect(restoreDialog).toContainText('replaces all current data on the VPS');
    await restoreDialog.getByRole('button', { name: 'Restore' }).click();
    await expect(
      toast(page, 'Restore Template Request Sent! Please wait for the VPS to be restored.'),
    ).toBeVisible();
    // The same dialog now shows the new root password, once.
    await expect(restoreDialog.getByTestId('one-time-password')).toHaveText(/^\S{8,}$/);
    await expect(restoreDialog.getByText('Copy it now: it is shown only this once.')).toBeVisible();
    await restoreDialog.getByRole('button', { name: 'Done' }).click();
    await expect(restoreDialog).toBeHidden();

    // Rebuilding locks the server; the template can be deleted once the page sees it done.
    await untilNextPolls(page, async () => {
      await expect(row.getByRole('button', { name: 'Delete' })).toBeEnabled({ timeout: 1000 });
    });
    await row.getByRole('button', { name: 'Delete' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete Template' });
    await expect(deleteDialog).toContainText(templateName);
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Successfully deleted template!')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await listTemplates(page.request)).map((t) => t.custom_name)).not.toContain(templateName);
  } finally {
    // Put game01's own operating system back for the journeys that come after.
    await untilUnlocked(page.request, id);
    await ownerApi(page.request, 'POST', `/services/vps/v2/${id}/rebuild`, {
      osid: ORIGINAL_OSID,
      password: 'Restored-e2e-1',
      password_confirm: 'Restored-e2e-1',
    });
    await untilUnlocked(page.request, id);
  }
});

test('shows the limit answer as the server words it, and offers no action on a suspended VPS', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = await serviceIdByDomain(page.request, DOMAIN);
  const created: number[] = [];
  try {
    // Fill the account up to its limit (3) through the API.
    let count = (await listTemplates(page.request)).length;
    while (count < 3) {
      const made = await ownerApi<{ user_template: UserTemplate }>(
        page.request,
        'POST',
        `/services/vps/v2/${id}/user-template/create`,
        { custom_name: `e2e_limit_${count}` },
      );
      created.push(made.user_template.id);
      count += 1;
    }
    await openTab(page, id, 'Templates');
    const card = templatesCard(page);
    await card.getByRole('button', { name: 'Create New Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Template' });
    await dialog.getByRole('textbox', { name: 'Template Name' }).fill('one_too_many');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'User Template Limit Reached')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('row').filter({ hasText: 'one_too_many' })).toHaveCount(0);

    // The suspended VPS: its own actions are refused, and so is every template's.
    await expect
      .poll(async () => (await listTemplates(page.request)).filter((t) => t.status === 'pending').length, {
        timeout: 60_000,
      })
      .toBe(0);
    const suspended = await serviceIdByDomain(page.request, SUSPENDED_DOMAIN);
    await page.goto(`/services/vps/v2/${suspended}`);
    await page.getByRole('tab', { name: 'Backups' }).click();
    await expect(backupsCard(page).getByRole('button', { name: 'Backup Now' })).toBeDisabled();
    const wasEnabled = await backupsEnabled(page.request, suspended);
    await expect(automaticBackups(page)).toBeChecked({ checked: wasEnabled });
    await automaticBackups(page).click({ force: true });
    await expect(toast(page, 'Server is locked or suspended!')).toBeVisible();
    await expect(automaticBackups(page)).toBeChecked({ checked: wasEnabled });
    expect(await backupsEnabled(page.request, suspended)).toBe(wasEnabled);

    await page.getByRole('tab', { name: 'Templates' }).click();
    const suspendedCard = templatesCard(page);
    await expect(suspendedCard.getByRole('button', { name: 'Create New Template' })).toBeDisabled();
    const templateRows = suspendedCard.getByRole('row').filter({ hasText: 'e2e_limit_' });
    await expect(templateRows).toHaveCount(created.length);
    for (const button of await suspendedCard.getByRole('button', { name: /^(Delete|Restore) / }).all()) {
      await expect(button).toBeDisabled();
    }
  } finally {
    await expect
      .poll(async () => (await listTemplates(page.request)).filter((t) => t.status === 'pending').length, {
        timeout: 60_000,
      })
      .toBe(0);
    for (const templateId of created) {
      await ownerApi(page.request, 'POST', '/services/vps/v2/user-template/delete', { id: templateId });
    }
  }
});

test('shows the failure toasts and Try Again when backups or templates cannot be loaded', async ({
  page,
}) => {
  const id = await serviceIdByDomain(page.request, DOMAIN);
  const backupsUrl = `**/api/services/vps/v2/${id}/backups`;
  const templatesUrl = '**/api/services/vps/v2/user-template/list';
  const fail = { status: 502, json: { message: 'Upstream down.' } };
  await page.route(backupsUrl, (route) => route.fulfill(fail));
  await page.route(templatesUrl, (route) => route.fulfill(fail));
  await openTab(page, id, 'Backups');
  await expect(toast(page, 'Unable to get Backups!').first()).toBeVisible();
  await expect(backupsCard(page).getByText('The backups could not be loaded.')).toBeVisible();
  await page.unroute(backupsUrl);
  await backupsCard(page).getByRole('button', { name: 'Try Again' }).click();
  await expect(backupsCard(page).getByRole('columnheader', { name: 'Size' })).toBeVisible();

  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(toast(page, 'Unable to get User Templates!').first()).toBeVisible();
  await expect(templatesCard(page).getByText('The templates could not be loaded.')).toBeVisible();
  await page.unroute(templatesUrl);
  await templatesCard(page).getByRole('button', { name: 'Try Again' }).click();
  await expect(templatesCard(page).getByRole('columnheader', { name: 'Name' })).toBeVisible();
});

test('has no serious accessibility violations on both tabs and in the create dialog', async ({ page }) => {
  const id = await serviceIdByDomain(page.request, DOMAIN);
  await openTab(page, id, 'Backups');
  await expect(automaticBackups(page)).toBeEnabled();
  await expect(backupsCard(page).getByRole('columnheader', { name: 'Size' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(templatesCard(page).getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await templatesCard(page).getByRole('button', { name: 'Create New Template' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Template' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = await serviceIdByDomain(page.request, DOMAIN);
  await openTab(page, id, 'Backups');
  await expect(backupsCard(page).getByRole('button', { name: 'Backup Now' })).toBeVisible();
  await expect(automaticBackups(page)).toBeEnabled();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(templatesCard(page).getByRole('button', { name: 'Create New Template' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
