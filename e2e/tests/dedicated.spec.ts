import { expect, type Locator, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { signInWithToken } from './support/accounts.ts';
import { demo, sub } from './support/env.ts';
import { expectNoHorizontalOverflow } from './support/layout.ts';
import { serviceIds } from './support/owner-api.ts';
import { card, confirmDialog, toast } from './support/page.ts';
import { withSimulatedTimeHeld } from './support/simulated-time.ts';

/**
 * The dedicated server page against the demo data and the simulator (which runs 20 times faster
 * here): ny-dedi-01 runs on Tenantos server 1001 (IPMI with BMC reset, a /29, an IPv6 /64, an
 * internal address, 10 TB of bandwidth), ny-dedi-custom on 1002 (no IPMI, 1.5 TB of memory).
 */
const MAIN = 'ny-dedi-01.demo.example';
const CUSTOM = 'ny-dedi-custom.demo.example';

let ids: Map<string, number>;

test.beforeAll(async ({ request }) => {
  ids = await serviceIds(request);
});

async function openServer(page: Page, domain: string, tab?: 'network') {
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(`/services/dedicated/${ids.get(domain)}${tab ? '?tab=network' : ''}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const powerStatus = (page: Page) => card(page, 'IPMI Controls').getByRole('status');

test('shows the specs, addresses in ranges, billing and IPMI of a server', async ({ page }) => {
  await openServer(page, MAIN);
  await expect(page.getByRole('heading', { level: 1, name: MAIN })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByText('Dedicated')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Server Info' })).toHaveAttribute('aria-selected', 'true');

  const specs = card(page, 'Server Specs');
  await expect(specs.getByText('1001', { exact: true })).toBeVisible();
  await expect(specs.getByText('Intel(R) Xeon(R) E-2288G CPU @ 3.70GHz')).toBeVisible();
  await expect(specs.getByText('64 GB')).toBeVisible();
  await expect(specs.getByText('2 × 960 GB NVMe')).toBeVisible();

  await expect(powerStatus(page)).toHaveText('Online');
  for (const name of ['On', 'Off', 'Reboot', 'Reset BMC', 'Launch KVM Console']) {
    await expect(card(page, 'IPMI Controls').getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(card(page, 'Billing Info').getByRole('link', { name: 'View Invoices' })).toHaveAttribute(
    'href',
    `/invoices?id=${ids.get(MAIN)}`,
  );
  await expect(
    card(page, 'Billing Info').getByRole('button', { name: 'Request Cancellation' }),
  ).toBeVisible();
  await expect(card(page, 'Billing Options').getByText('10 TB')).toBeVisible();

  await page.getByRole('tab', { name: 'Network' }).click();
  const ipv4 = card(page, 'IPv4');
  await expect(ipv4.getByText('203.0.113.8/29')).toBeVisible();
  await expect(ipv4.getByText('203.0.113.10 - 203.0.113.13')).toBeVisible();
  await expect(ipv4.getByText('203.0.113.9', { exact: true })).toBeVisible();
  await expect(ipv4.getByText('255.255.255.248')).toBeVisible();
  const ipv6 = card(page, 'IPv6');
  await expect(ipv6.getByText('2001:db8:100::/64')).toBeVisible();
  await expect(ipv6.getByText('/64', { exact: true })).toBeVisible();
});

test('the server without IPMI: unavailable controls, TB of memory, split ranges and a /128', async ({
  page,
}) => {
  await openServer(page, CUSTOM);
  const ipmi = card(page, 'IPMI Controls');
  await expect(ipmi.getByText('IPMI Controls Unavailable')).toBeVisible();
  await expect(ipmi.getByRole('link', { name: 'contact support' })).toBeVisible();
  await expect(ipmi.getByRole('button')).toHaveCount(0);
  await expect(card(page, 'Server Specs').getByText('1.5 TB')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('tab', { name: 'Network' }).click();
  await expect(card(page, 'IPv4').getByText('203.0.113.20 - 203.0.113.22')).toBeVisible();
  await expect(card(page, 'IPv4').getByText('203.0.113.25', { exact: true })).toBeVisible();
  await expect(card(page, 'IPv6').getByText('/128', { exact: true })).toBeVisible();
});

test('powers the server off and on, the status following', async ({ page }) => {
  await openServer(page, MAIN);
  const ipmi = card(page, 'IPMI Controls');
  await expect(powerStatus(page)).toHaveText('Online');

  await ipmi.getByRole('button', { name: 'Off', exact: true }).click();
  await confirmDialog(page, 'Power Off');
  await expect(toast(page, 'Power Off Successful')).toBeVisible();
  await expect(powerStatus(page)).toHaveText('Offline', { timeout: 15_000 });
  // Any state but online shows in red.
  const [red, green] = await powerStatus(page)
    .locator('.mantine-Badge-root')
    .evaluate((badge) => getComputedStyle(badge).backgroundColor.match(/\d+/g)!.map(Number));
  expect(red!).toBeGreaterThan(green! * 2);

  await ipmi.getByRole('button', { name: 'On', exact: true }).click();
  await expect(toast(page, 'Power On Successful')).toBeVisible();
  await expect(powerStatus(page)).toHaveText('Online', { timeout: 15_000 });
});

test('reboots and resets the BMC, the status showing Unknown until it is back', async ({ page }) => {
  await openServer(page, MAIN);
  const ipmi = card(page, 'IPMI Controls');
  await ipmi.getByRole('button', { name: 'Reboot', exact: true }).click();
  await confirmDialog(page, 'Reboot');
  await expect(toast(page, 'Reboot Successful')).toBeVisible();
  await expect(powerStatus(page)).toHaveText('Online', { timeout: 15_000 });

  await ipmi.getByRole('button', { name: 'Reset BMC', exact: true }).click();
  await confirmDialog(page, 'Reset BMC');
  await expect(toast(page, 'Reset BMC Server Successful')).toBeVisible();
  await expect(powerStatus(page)).toHaveText('Online', { timeout: 20_000 });
});

test('opens the KVM console in a new window', async ({ page }) => {
  await openServer(page, MAIN);
  const popup = page.waitForEvent('popup');
  await card(page, 'IPMI Controls').getByRole('button', { name: 'Launch KVM Console' }).click();
  const consoleWindow = await popup;
  await expect(consoleWindow).toHaveURL(/\/tenantos-console\//);
  await expect(consoleWindow.getByText(/simulat/i).first()).toBeVisible();
  await consoleWindow.close();
});

/** Starts a reinstall through the form; the toast is checked by the caller, which may be in a hurry. */
async function startReinstall(page: Page) {
  const config = card(page, 'Server Configuration');
  await config.getByRole('combobox', { name: 'Operating System' }).click();
  await page.getByRole('option', { name: 'Debian 12 (Bookworm)' }).click();
  await config.getByRole('combobox', { name: 'Disk Layout' }).click();
  await page.getByRole('option', { name: 'Software RAID 1' }).click();
  await config.getByRole('button', { name: 'Reinstall OS', exact: true }).click();
  await confirmDialog(page, 'Erase and Reinstall');
  return config;
}

test('checks the reinstall form: templates, None layout, generated password and the 2 to 40 rule', async ({
  page,
}) => {
  await openServer(page, MAIN);
  const config = card(page, 'Server Configuration');
  const submit = config.getByRole('button', { name: 'Reinstall OS', exact: true });
  await expect(submit).toBeDisabled();

  await config.getByRole('combobox', { name: 'Operating System' }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.filter({ hasText: 'Debian 12 (Bookworm)' })).toBeVisible();
  await expect(options.filter({ hasText: 'Rescue System' })).toHaveCount(0);
  await expect(options.filter({ hasText: 'Reset Root Password' })).toHaveCount(0);
  await options.filter({ hasText: 'Ubuntu 24.04 LTS' }).click();
  await expect(config.getByRole('combobox', { name: 'Disk Layout' })).toHaveValue('None');

  const password = config.getByRole('tabpanel', { name: 'Reinstall OS' }).getByLabel('Root Password');
  await expect(password).toHaveAttribute('placeholder', 'Min. 3 Max. 40');
  expect((await password.inputValue()).length).toBeGreaterThanOrEqual(13);
  await expect(submit).toBeEnabled();
  await password.fill('x');
  await expect(config.getByText('The password must be between 2 and 40 characters.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(submit).toBeDisabled();
  await password.fill('x'.repeat(41));
  await expect(submit).toBeDisabled();
  await config.getByRole('button', { name: 'Generate a new password' }).click();
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await expect(submit).toBeEnabled();
});

test('cancels a reinstall while it may still be cancelled', async ({ page }) => {
  await openServer(page, MAIN);
  // A reinstall may be cancelled during its first steps only (4 seconds here): with the
  // simulator's time held, it stays there however slow the browser is.
  await withSimulatedTimeHeld(async () => {
    const config = await startReinstall(page);
    await expect(toast(page, 'The OS reload has started.')).toBeVisible();
    await config.getByRole('button', { name: 'Cancel Reinstall OS' }).click();
    await expect(config.getByText('Rebuild Cancelled', { exact: true })).toBeVisible();
    await expect(config.getByRole('progressbar')).toHaveCount(0);
    await expect(config.getByRole('button', { name: 'Reinstall OS', exact: true })).toBeEnabled();
  });
});

test('watches a full reinstall to the end', async ({ page }) => {
  test.setTimeout(120_000);
  await openServer(page, MAIN);
  const config = card(page, 'Server Configuration');
  // At 0% the bar's filled part has no width, which Playwright counts as hidden: the heading
  // beside it is what the user sees.
  const progress = config.getByRole('progressbar', { name: 'Rebuild progress' });
  // Held at its first step, the reinstall is seen in progress however slow the browser is.
  await withSimulatedTimeHeld(async () => {
    await startReinstall(page);
    await expect(toast(page, 'The OS reload has started.')).toBeVisible();
    await expect(config.getByText('Rebuild in progress')).toBeVisible();
    await expect(progress).toBeAttached();
    await expect(config.getByText(/^Last update: /)).toBeVisible();
    await expect(config.getByText(/^\d+%$/)).toBeVisible();
    // The forms wait while the server is being rebuilt.
    await expect(config.getByRole('button', { name: 'Reinstall OS', exact: true })).toBeDisabled();
    await expect(config.getByRole('button', { name: 'Cancel Reinstall OS' })).toBeEnabled();
  });
  // Past its first steps the reinstall can no longer be cancelled.
  await expect(config.getByRole('button', { name: 'Cancel Reinstall OS' })).toBeDisabled({ timeout: 30_000 });
  await expect(progress).toHaveCount(0, { timeout: 60_000 });
  await expect(config.getByText(/Last operation: Installation completed/)).toBeVisible();
});

test('enters rescue mode, with the form’s own checks first', async ({ page }) => {
  test.setTimeout(60_000);
  await openServer(page, MAIN);
  const config = card(page, 'Server Configuration');
  await config.getByRole('tab', { name: 'Rescue Mode' }).click();
  const submit = config.getByRole('button', { name: 'Enter Rescue Mode' });
  await submit.click();
  await expect(config.getByText('Please select a template!')).toBeVisible();

  await config.getByRole('combobox', { name: 'Rescue Template' }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveText([
    'Rescue System (Linux)',
    'Hardware Diagnostics (memtest, disk checks)',
    'Reset Root Password',
  ]);
  await options.filter({ hasText: 'Rescue System (Linux)' }).click();
  await submit.click();
  await expect(config.getByText('Please enter a password!')).toBeVisible();
  await config.getByRole('tabpanel', { name: 'Rescue Mode' }).getByLabel('Root Password').fill('ab');
  await submit.click();
  await expect(config.getByText('The password must be between 3 and 40 characters.')).toBeVisible();
  await config.getByRole('tabpanel', { name: 'Rescue Mode' }).getByLabel('Root Password').fill('rescue-pass');
  // Held at its first step, the reboot into rescue is seen in progress however slow the browser is.
  await withSimulatedTimeHeld(async () => {
    await submit.click();
    await confirmDialog(page, 'Reboot into Rescue');
    await expect(toast(page, 'Entered Rescue Mode!')).toBeVisible();
    await expect(config.getByText('Rebuild in progress')).toBeVisible();
    await expect(config.getByRole('progressbar', { name: 'Rebuild progress' })).toBeAttached();
  });
  await expect(config.getByText(/Last operation: Rescue system is ready/)).toBeVisible({ timeout: 30_000 });
});

test('edits and saves rDNS; internal addresses are read-only and Enter does not save', async ({ page }) => {
  await openServer(page, MAIN, 'network');
  const rdns = card(page, 'Manage rDNS');
  await expect(rdns.getByRole('row', { name: /192\.168\.10\.11/ })).toContainText('Internal IP');
  const input = rdns.getByRole('textbox', { name: 'Reverse DNS for 203.0.113.11' });
  await expect(input).toBeEnabled();

  await input.fill('not a hostname');
  await input.press('Enter');
  await expect(toast(page, 'Saved successfully.')).toHaveCount(0);
  await rdns.getByRole('button', { name: 'Save rDNS' }).click();
  await expect(rdns.getByText('Please enter a valid hostname, such as mail.example.com.')).toBeVisible();

  await input.fill('mail.demo.example');
  await rdns.getByRole('button', { name: 'Save rDNS' }).click();
  await expect(toast(page, 'Saved successfully.')).toBeVisible();

  await page.reload();
  await expect(
    card(page, 'Manage rDNS').getByRole('textbox', { name: 'Reverse DNS for 203.0.113.11' }),
  ).toHaveValue('mail.demo.example');
});

test('switches the bandwidth graph between ranges, 24h first, with the month’s usage of 10 TB', async ({
  page,
}) => {
  await openServer(page, MAIN);
  const bandwidth = card(page, 'Bandwidth Usage');
  const ranges = bandwidth.getByRole('radiogroup', { name: 'Bandwidth graph range' });
  await expect(ranges.getByRole('radio', { name: '24h' })).toBeChecked();
  await expect(bandwidth.getByRole('img', { name: /over the last 24h/ })).toBeVisible();
  await expect(bandwidth.getByText(/GiB/)).toBeVisible();
  await expect(bandwidth.getByText(/% of 10 TB$/)).toBeVisible();

  for (const range of ['1h', '14days', '30days']) {
    const answer = page.waitForResponse((response) => response.url().includes(`/bandwidth?mode=${range}`));
    await ranges.getByText(range, { exact: true }).click();
    expect((await answer).status()).toBe(200);
    await expect(bandwidth.getByRole('img', { name: new RegExp(`over the last ${range}$`) })).toBeVisible();
    await expect(bandwidth.locator('.recharts-area').first()).toBeVisible();
  }
});

test('edits the nickname: Enter saves, and the header follows', async ({ page }) => {
  await openServer(page, MAIN);
  await page.getByRole('button', { name: 'Edit nickname' }).click();
  const field = page.getByRole('textbox', { name: 'Server nickname' });
  await field.fill('Primary database');
  await field.press('Enter');
  await expect(toast(page, 'Successfully changed the server nickname.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Primary database' })).toBeVisible();
  await expect(page.getByText(MAIN, { exact: true }).first()).toBeVisible();

  // Escape leaves edit mode without saving; clearing the nickname shows the hostname again.
  await page.getByRole('button', { name: 'Edit nickname' }).click();
  await page.getByRole('textbox', { name: 'Server nickname' }).press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Primary database' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit nickname' }).click();
  await page.getByRole('textbox', { name: 'Server nickname' }).fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: MAIN })).toBeVisible();
});

test('a server that is not found goes to /services/{id}, which shows the not-found state', async ({
  page,
}) => {
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/services/dedicated/999999');
  await expect(page).toHaveURL(/\/services\/999999$/);
  await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();

  // A pending dedicated server has no machine yet: its generic page says so.
  await page.goto(`/services/dedicated/${ids.get('ny-dedi-02.demo.example')}`);
  await expect(page).toHaveURL(new RegExp(`/services/${ids.get('ny-dedi-02.demo.example')}$`));
  await expect(page.getByRole('heading', { name: 'PENDING', level: 1 })).toBeVisible();
});

test('a sub-account outside its whitelist is sent to /services; inside it manages the server', async ({
  page,
}) => {
  await signInWithToken(page, sub.email, sub.password);
  await page.goto(`/services/dedicated/${ids.get(CUSTOM)}`);
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByText('You do not have access to this service')).toBeVisible();

  await page.goto(`/services/dedicated/${ids.get(MAIN)}`);
  await expect(powerStatus(page)).toHaveText('Online');
});

test('works at phone width and passes an accessibility check on both tabs', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openServer(page, MAIN);
  await expect(powerStatus(page)).toHaveText('Online');
  await expect(card(page, 'Bandwidth Usage').locator('.recharts-area').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  await page.getByRole('tab', { name: 'Network' }).click();
  await expect(card(page, 'Manage rDNS').getByRole('textbox').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
});

test('keyboard: the power buttons and the confirmation are reachable and usable without a mouse', async ({
  page,
}) => {
  await openServer(page, MAIN);
  const reboot: Locator = card(page, 'IPMI Controls').getByRole('button', { name: 'Reboot', exact: true });
  await reboot.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Reboot / });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
