import { type APIRequestContext, expect, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { signInWithToken } from './support/accounts.ts';
import { demo, sub } from './support/env.ts';
import { expectNoHorizontalOverflow } from './support/layout.ts';
import { ownerHeaders, serviceIdByDomain } from './support/owner-api.ts';
import { answerAsSuspended, selectOption, toast, untilNextPolls } from './support/page.ts';
import { withSimulatedTimeHeld } from './support/simulated-time.ts';

/**
 * The first-generation VPS page against the simulated Virtualizor VPS 2001 behind
 * legacy-vps.demo.example. The page polls every 30 s (servers spec §9): the tests move the
 * browser's clock forward to the next poll instead of waiting for it.
 */

const DOMAIN = 'legacy-vps.demo.example';

const vpsServiceId = (request: APIRequestContext) => serviceIdByDomain(request, DOMAIN);

async function vpsDetail(request: APIRequestContext, id: number) {
  const response = await request.get(`/api/services/vps/${id}`, { headers: await ownerHeaders(request) });
  return (await response.json()) as { vps: { hostname: string; boot: string; iso: string; locked: string } };
}

/** Opens the page as the demo owner, with a clock the test can move to the next poll. */
async function openVpsPage(page: Page): Promise<number> {
  const id = await vpsServiceId(page.request);
  await page.clock.install();
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(`/services/vps/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return id;
}

const powerSwitch = (page: Page) => page.getByRole('switch', { name: 'Power' });

test.describe.configure({ mode: 'serial' });

test('shows the breadcrumb, header specs and stats of the VPS', async ({ page }) => {
  await openVpsPage(page);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Services' })).toBeVisible();
  await expect(breadcrumb.getByText('Virtual Private Servers')).toBeVisible();
  await expect(breadcrumb.getByText(DOMAIN)).toBeVisible();
  const specs = page.getByRole('list', { name: 'Specifications' });
  for (const spec of ['2 Cores', '2 GB RAM', '40 GB Disk']) await expect(specs.getByText(spec)).toBeVisible();
  const stats = page.getByRole('region', { name: 'Server Stats' });
  for (const label of ['CPU', 'Bandwidth', 'Disk', 'Uptime'])
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
  await expect(stats.getByText(/of 1,000 GB/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Billing Info' })).toBeVisible();
});

test('edits the hostname', async ({ page }) => {
  await openVpsPage(page);
  await page.getByRole('button', { name: 'Edit hostname' }).click();
  const input = page.getByRole('textbox', { name: 'Hostname' });
  await input.fill('not a hostname!');
  await page.getByRole('button', { name: 'Save hostname' }).click();
  await expect(
    page.getByText('The hostname may contain only letters, digits, hyphens and dots.'),
  ).toBeVisible();
  await input.fill('renamed-vps.demo.example');
  await input.press('Enter');
  await expect(toast(page, 'Successfully changed the server hostname.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'renamed-vps.demo.example' })).toBeVisible();

  // And back, so the other journeys find the demo VPS by its name.
  await page.getByRole('button', { name: 'Edit hostname' }).click();
  await page.getByRole('textbox', { name: 'Hostname' }).fill(DOMAIN);
  await page.getByRole('button', { name: 'Save hostname' }).click();
  await expect(page.getByRole('heading', { level: 1, name: DOMAIN })).toBeVisible();
});

test('powers off and on and reboots, with the switch following', async ({ page }) => {
  test.setTimeout(120_000);
  // Without the live event stream the page follows the power state by its 30 s poll (the spec's
  // fallback), which the test's clock controls: the transitions stay on screen until it moves.
  // (The live stream ends them within a second; service-page.spec.ts covers it.)
  await page.route('**/api/events', (route) => route.abort());
  await openVpsPage(page);
  const reboot = page.getByRole('button', { name: 'Reboot' });
  await expect(powerSwitch(page)).toBeChecked();
  await expect(page.getByText('Online', { exact: true })).toBeVisible();

  await powerSwitch(page).click({ force: true });
  await expect(powerSwitch(page)).not.toBeChecked();
  await untilNextPolls(page, async () => {
    await expect(page.getByText('Offline', { exact: true })).toBeVisible({ timeout: 1000 });
  });
  await expect(powerSwitch(page)).toBeEnabled();
  await expect(powerSwitch(page)).not.toBeChecked();
  await expect(reboot).toBeDisabled();

  await powerSwitch(page).click({ force: true });
  await expect(powerSwitch(page)).toBeChecked();
  await expect(powerSwitch(page)).toBeDisabled();
  await untilNextPolls(page, async () => {
    await expect(page.getByText('Online', { exact: true })).toBeVisible({ timeout: 1000 });
  });
  await expect(powerSwitch(page)).toBeEnabled();
  await expect(reboot).toBeEnabled();

  await reboot.click();
  await expect(toast(page, 'Rebooted VPS')).toBeVisible();
  await expect(page.getByText('Rebooting…')).toBeVisible();
  await expect(reboot).toBeDisabled();
  await untilNextPolls(page, async () => {
    await expect(page.getByText('Online', { exact: true })).toBeVisible({ timeout: 1000 });
  });
  await expect(reboot).toBeEnabled();
  await expect(powerSwitch(page)).toBeChecked();
});

test('adds an ISO, watches it go from Pending... to ready, inserts it, and deletes it once ejected', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await openVpsPage(page);
  await page.getByRole('tab', { name: 'Configure' }).click();
  const card = page.getByRole('region', { name: 'Available ISOs' });
  const url = card.getByRole('textbox', { name: 'ISO URL' });

  await card.getByRole('button', { name: 'Add ISO' }).click();
  await expect(card.getByText('Please provide url!')).toBeVisible();

  await url.fill('http://169.254.169.254/latest/meta-data/');
  await card.getByRole('button', { name: 'Add ISO' }).click();
  await expect(toast(page, 'Unable to add new ISO!')).toBeVisible();
  await expect(
    card.getByText('The URL must point to a public address, not a private or internal one.'),
  ).toBeVisible();

  const name = `e2e-rescue-${Date.now()}.iso`;
  await url.fill(`http://93.184.215.14/images/${name}`);
  await card.getByRole('button', { name: 'Add ISO' }).click();
  const row = card.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Pending...')).toBeVisible();
  await expect(url).toHaveValue('');
  await untilNextPolls(page, async () => {
    await expect(row.getByText('Ready')).toBeVisible({ timeout: 1000 });
  });

  const boot = page.getByRole('region', { name: 'Boot Configuration' });
  await selectOption(page, boot.getByRole('combobox', { name: 'Primary ISO' }), name);
  await boot.getByRole('button', { name: 'Insert' }).click();
  await expect(toast(page, 'ISOs inserted.')).toBeVisible();
  await expect(boot.getByRole('combobox', { name: 'Primary ISO' })).toHaveValue(name);
  expect((await vpsDetail(page.request, id)).vps.iso).toBe(name);

  // An ISO in a drive is kept, and the toast says why.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete ISO' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Unable to delete ISO!')).toContainText(
    'This ISO is inserted in a server. Eject it from the CD drive first.',
  );
  await expect(row).toHaveCount(1);
  expect((await vpsDetail(page.request, id)).vps.iso).toBe(name);

  await selectOption(page, boot.getByRole('combobox', { name: 'Primary ISO' }), 'None');
  await boot.getByRole('button', { name: 'Insert' }).click();
  await expect(toast(page, 'ISOs inserted.').first()).toBeVisible();
  await expect.poll(async () => (await vpsDetail(page.request, id)).vps.iso).toBe('');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});

test('changes the boot order', async ({ page }) => {
  const id = await openVpsPage(page);
  await page.getByRole('tab', { name: 'Configure' }).click();
  const boot = page.getByRole('region', { name: 'Boot Configuration' });
  const order = boot.getByRole('combobox', { name: 'Boot Order' });
  await expect(order).toHaveValue('Hard Disk first (cda)');
  await expect(boot.getByRole('button', { name: 'Save' })).toBeDisabled();

  await selectOption(page, order, 'CD-ROM first (dca)');
  await boot.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Boot order saved.')).toBeVisible();
  expect((await vpsDetail(page.request, id)).vps.boot).toBe('dca');
  await page.reload();
  await page.getByRole('tab', { name: 'Configure' }).click();
  await expect(order).toHaveValue('CD-ROM first (dca)');

  await selectOption(page, order, 'Hard Disk first (cda)');
  await boot.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Boot order saved.').first()).toBeVisible();
  await expect.poll(async () => (await vpsDetail(page.request, id)).vps.boot).toBe('cda');
});

test('saves the reverse DNS of the VPS addresses on the Network tab', async ({ page }) => {
  await openVpsPage(page);
  await page.getByRole('tab', { name: 'Network' }).click();
  const rdns = page.getByRole('region', { name: 'Manage rDNS' });
  const input = rdns.getByRole('textbox', { name: 'Reverse DNS for 198.51.100.20' });
  await expect(input).toBeEnabled();
  await input.fill('legacy.demo.example');
  await rdns.getByRole('button', { name: 'Save rDNS' }).click();
  await expect(toast(page, 'Saved successfully.')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Network' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Manage rDNS' })
      .getByRole('textbox', { name: 'Reverse DNS for 198.51.100.20' }),
  ).toHaveValue('legacy.demo.example');
});

test('resets the root password and shows the new one once', async ({ page }) => {
  await openVpsPage(page);
  await page.getByRole('tab', { name: 'Configure' }).click();
  await page.getByRole('button', { name: 'Reset Root Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Root Password' });
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  const password = dialog.getByTestId('one-time-password');
  await expect(password).toHaveText(/^[A-Za-z].{15}$/);
  await expect(dialog.getByText('Copy it now: it is shown only this once.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Opened again, it asks first: the password is not kept.
  await page.getByRole('button', { name: 'Reset Root Password' }).click();
  await expect(dialog.getByRole('button', { name: 'Reset Password' })).toBeVisible();
  await expect(dialog.getByTestId('one-time-password')).toHaveCount(0);
});

test('reinstalls the OS: the VPS is locked until it is back', async ({ page }) => {
  test.setTimeout(120_000);
  await openVpsPage(page);
  await page.getByRole('tab', { name: 'Configure' }).click();
  await page.getByRole('button', { name: 'Reinstall OS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reinstall OS' });
  const password = dialog.getByLabel('Root Password');
  await expect(password).toHaveValue(/^[A-Za-z].{12,16}$/);
  const chosen = await password.inputValue();

  await dialog.getByLabel('Confirm Password').fill('something else');
  await expect(dialog.getByText('The passwords do not match.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reinstall' })).toBeDisabled();
  await dialog.getByLabel('Confirm Password').fill(chosen);

  await selectOption(page, dialog.getByRole('combobox', { name: 'Operating System' }), 'Ubuntu 24.04 LTS');
  const locked = page.getByRole('alert').filter({ hasText: 'Server Locked' });
  // Held at its first step, the reinstall is seen locking the server however slow the browser is.
  await withSimulatedTimeHeld(async () => {
    await dialog.getByRole('button', { name: 'Reinstall' }).click();
    await expect(dialog.getByText('The operating system is being reinstalled.')).toBeVisible();
    await expect(dialog.getByTestId('one-time-password')).toHaveText(chosen);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await expect(locked).toContainText('Reinstalling OS');
    await expect(powerSwitch(page)).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Reinstall OS' })).toBeDisabled();
  });
  await untilNextPolls(page, async () => {
    await expect(locked).toHaveCount(0, { timeout: 1000 });
  });
  await expect(page.getByRole('list', { name: 'Specifications' })).toContainText('ubuntu');
  await expect(page.getByRole('button', { name: 'Reinstall OS' })).toBeEnabled();
});

test('switches the chart range, loading the previous month for 1 Month', async ({ page }) => {
  await openVpsPage(page);
  const usage = page.getByRole('region', { name: 'Usage' });
  for (const title of ['Network', 'CPU', 'Disk I/O']) {
    await expect(usage.getByRole('figure', { name: `${title} usage chart` })).toBeVisible();
  }
  await expect(usage.getByRole('radio', { name: '24 Hours' })).toBeChecked();

  await usage.getByText('1 Hour', { exact: true }).click();
  await expect(usage.getByRole('radio', { name: '1 Hour' })).toBeChecked();
  await expect(usage.getByRole('figure', { name: 'CPU usage chart' })).toBeVisible();

  const now = new Date();
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${previous.getUTCFullYear()}${String(previous.getUTCMonth() + 1).padStart(2, '0')}`;
  const previousMonth = page.waitForResponse((response) => response.url().endsWith(`/stats/${month}`));
  await usage.getByText('1 Month', { exact: true }).click();
  expect((await previousMonth).status()).toBe(200);
  await expect(usage.getByRole('radio', { name: '1 Month' })).toBeChecked();
  await expect(usage.getByRole('figure', { name: 'Network usage chart' })).toBeVisible();
  await expect(usage.getByText('Not Enough Data')).toHaveCount(0);
});

test('opens the VNC console link in a new window', async ({ page, context }) => {
  await context.route('https://198.51.100.10/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>noVNC</title>' }),
  );
  await openVpsPage(page);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'VNC Console' }).click();
  const consoleWindow = await popup;
  await expect(consoleWindow).toHaveURL(
    /^https:\/\/198\.51\.100\.10\/novnc\/vnc\.html\?.*token%3D[0-9a-f]{32}/,
  );
  expect(new URL(consoleWindow.url()).hash).toMatch(/^#password=.+/);
});

test('offers Try Again when the VPS cannot be loaded, and warns when a refresh fails', async ({ page }) => {
  const id = await vpsServiceId(page.request);
  const detailUrl = `**/api/services/vps/${id}`;
  await page.route(detailUrl, (route) => route.fulfill({ status: 502, json: { message: 'Upstream down.' } }));
  await page.clock.install();
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(`/services/vps/${id}`);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('We could not load this VPS.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/support');

  await page.unroute(detailUrl);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: DOMAIN })).toBeVisible();

  await page.route(detailUrl, (route) => route.fulfill({ status: 502, json: { message: 'Upstream down.' } }));
  await page.clock.fastForward('00:31');
  await expect(toast(page, 'Encountered an error when updating vps status! Refresh the page!')).toBeVisible();
  // What was shown stays on screen.
  await expect(page.getByRole('heading', { level: 1, name: DOMAIN })).toBeVisible();
});

test('disables every action while the service is suspended', async ({ page }) => {
  const id = await vpsServiceId(page.request);
  await answerAsSuspended(page, `**/api/services/vps/${id}`);
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(`/services/vps/${id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Service Suspended' })).toContainText(
    'Overdue on Payment',
  );
  await expect(powerSwitch(page)).toBeDisabled();
  for (const name of ['Reboot', 'VNC Console', 'Edit hostname']) {
    await expect(page.getByRole('button', { name })).toBeDisabled();
  }
  await page.getByRole('tab', { name: 'Configure' }).click();
  for (const name of ['Add ISO', 'Reset Root Password', 'Reinstall OS']) {
    await expect(page.getByRole('button', { name })).toBeDisabled();
  }
  await expect(page.getByRole('combobox', { name: 'Boot Order' })).toBeDisabled();
});

test('sends a VPS that is not found to the generic service page', async ({ page }) => {
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/services/vps/999999');
  await expect(page).toHaveURL(/\/services\/999999$/);
  await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();
});

test('a sub-account outside its whitelist is sent to the service list', async ({ page }) => {
  const id = await vpsServiceId(page.request);
  await signInWithToken(page, sub.email, sub.password);
  await page.goto(`/services/vps/${id}`);
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByText('You do not have access to this service')).toBeVisible();
});

test('works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openVpsPage(page);
  await expect(powerSwitch(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reboot' })).toBeVisible();
  await page.getByRole('tab', { name: 'Configure' }).click();
  await expect(page.getByRole('button', { name: 'Add ISO' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('has no serious accessibility violations, on each tab and in the reinstall dialog', async ({ page }) => {
  await openVpsPage(page);
  await expect(page.getByRole('figure', { name: 'CPU usage chart' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('tab', { name: 'Network' }).click();
  await expect(page.getByRole('region', { name: 'IP Addresses' })).toContainText('198.51.100.20');
  await expectNoSeriousViolations(page);
  await page.getByRole('tab', { name: 'Configure' }).click();
  await expect(page.getByRole('region', { name: 'Available ISOs' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Reinstall OS' }).click();
  await expect(page.getByRole('dialog', { name: 'Reinstall OS' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Reinstall OS' })).toBeHidden();
});
