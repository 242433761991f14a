import { type APIRequestContext, expect, type Locator, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { signInWithToken } from './support/accounts.ts';
import { demo, sub } from './support/env.ts';
import { expectNoHorizontalOverflow } from './support/layout.ts';
import { ownerHeaders } from './support/owner-api.ts';
import { toast } from './support/page.ts';

/**
 * The Storage Blocks card and the Upgrade VM modal of the VPS v2 Configure tab, against the demo
 * data and the simulated Proxmox: web01 (DW-4G, New York) carries the 250 GB New York block,
 * game01 (DW-2G, Chicago) carries nothing. The journeys work with the New York block only, and
 * put it back on web01 when they are done: the free Chicago block is named after game01's VM, so
 * the platform discards it when a backup is restored over game01 (vps2-backups-templates.spec.ts).
 * The plan upgrade is ordered on game01 only: the journeys of vps2.spec.ts, which run after these,
 * read web01's plan.
 */

const WEB01 = 'web01.demo.example';
const GAME01 = 'game01.demo.example';
const STAGING = 'staging.demo.example';
const NY_DISK = 'block-nyc:vm-9001-block-1';

interface Billing {
  id: number;
  name: string;
  domain: string;
  nextduedate: string;
  recurringamount: string;
}

async function billing(request: APIRequestContext, domain: string): Promise<Billing> {
  const response = await request.get('/api/services', { headers: await ownerHeaders(request) });
  const body = (await response.json()) as { products: { product: Billing[] } };
  return body.products.product.find((service) => service.domain === domain)!;
}

const serviceId = async (request: APIRequestContext, domain: string) => (await billing(request, domain)).id;

/** The service id of the server the New York block hangs on, as the platform reports it. */
async function blockAttachedTo(request: APIRequestContext): Promise<number | null> {
  const response = await request.get('/api/services/vps/v2/blockStorage', {
    headers: await ownerHeaders(request),
  });
  expect(response.status()).toBe(200);
  const { disks } = (await response.json()) as { disks: { disk_name: string; vm_whmcs_id: number | null }[] };
  return disks.find((disk) => disk.disk_name === NY_DISK)!.vm_whmcs_id;
}

/** Moves the New York block through the API, as another session would: onto web01, or off it. */
async function setBlockOnWeb01(request: APIRequestContext, attached: boolean) {
  const web01 = await serviceId(request, WEB01);
  if ((await blockAttachedTo(request)) === (attached ? web01 : null)) return;
  const response = await request.post(
    `/api/services/vps/v2/${web01}/blockStorage/${attached ? 'attach' : 'detach'}`,
    { headers: await ownerHeaders(request), data: { disk_name: NY_DISK } },
  );
  expect(response.status(), await response.text()).toBe(200);
}

async function openConfigureTab(
  page: Page,
  domain: string,
  account: { email: string; password: string } = demo,
): Promise<number> {
  const id = await serviceId(page.request, domain);
  await signInWithToken(page, account.email, account.password);
  await page.goto(`/services/vps/v2/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: domain })).toBeVisible();
  await page.getByRole('tab', { name: 'Configure' }).click();
  return id;
}

const storageCard = (page: Page) => page.getByRole('region', { name: 'Storage Blocks', exact: true });
const nyBlock = (page: Page): Locator => storageCard(page).getByRole('listitem').filter({ hasText: NY_DISK });
const fail = { status: 502, json: { message: 'The platform did not answer.' } };

/** A prorated charge worked out here on its own: the monthly difference over the days left. */
function proratedCents(nextDueDate: string, monthlyDeltaCents: number): number {
  const day = 86_400_000;
  const due = new Date(`${nextDueDate}T00:00:00Z`);
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const lastDayOfPreviousMonth = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), 0)).getUTCDate();
  const periodStart = Date.UTC(
    due.getUTCFullYear(),
    due.getUTCMonth() - 1,
    Math.min(due.getUTCDate(), lastDayOfPreviousMonth),
  );
  const periodDays = Math.round((due.getTime() - periodStart) / day);
  const remainingDays = Math.round((due.getTime() - today) / day);
  return Math.round((monthlyDeltaCents * remainingDays) / periodDays);
}

const usd = (cents: number) =>
  `$${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(cents / 100)} USD`;

test.describe.configure({ mode: 'serial' });

// Whatever a journey did, the block goes back on web01 for the ones that follow.
test.afterEach(async ({ request }) => {
  await setBlockOnWeb01(request, true);
});

test('attaches the free block of the same region, then detaches it after a confirmation', async ({
  page,
}) => {
  await setBlockOnWeb01(page.request, false);
  const id = await openConfigureTab(page, WEB01);
  const block = nyBlock(page);
  await expect(block).toContainText('250 GB · New York');
  await expect(block.getByText('Available')).toBeVisible();

  await block.getByRole('button', { name: 'Attach' }).click();
  await expect(toast(page, 'Disk Attach Successful')).toBeVisible();
  await expect(block.getByText('Attached', { exact: true })).toBeVisible();
  expect(await blockAttachedTo(page.request)).toBe(id);

  // Detach asks first; cancelling keeps the block where it is.
  await block.getByRole('button', { name: 'Detach' }).click();
  let dialog = page.getByRole('dialog', { name: 'Detach Storage Block' });
  await expect(dialog).toContainText(NY_DISK);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await blockAttachedTo(page.request)).toBe(id);

  await block.getByRole('button', { name: 'Detach' }).click();
  dialog = page.getByRole('dialog', { name: 'Detach Storage Block' });
  await dialog.getByRole('button', { name: 'Detach' }).click();
  await expect(toast(page, 'Disk Detach Successful')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(block.getByText('Available')).toBeVisible();
  expect(await blockAttachedTo(page.request)).toBeNull();
});

test('a block of another region: shown on the next poll once free, refused with the spec message', async ({
  page,
}) => {
  await page.clock.install();
  await openConfigureTab(page, GAME01);
  const block = nyBlock(page);
  // On web01: listed, with a link to that server.
  await expect(block.getByText('Attached to another VPS')).toBeVisible();
  await expect(block.getByRole('link', { name: 'View VPS' })).toHaveAttribute(
    'href',
    `/services/vps/v2/${await serviceId(page.request, WEB01)}`,
  );

  // Another session detaches it; the next poll shows it free.
  await setBlockOnWeb01(page.request, false);
  await expect(async () => {
    await page.clock.fastForward('00:31');
    await expect(block.getByText('Available')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });

  // game01 is in Chicago: the page refuses without asking the server.
  let attachCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/blockStorage/attach')) attachCalls += 1;
  });
  await block.getByRole('button', { name: 'Attach' }).click();
  await expect(toast(page, 'Disk and VPS are not in the same location')).toBeVisible();
  expect(attachCalls).toBe(0);
  expect(await blockAttachedTo(page.request)).toBeNull();
});

test('failures: the list, an attach and a detach say so', async ({ page }) => {
  await setBlockOnWeb01(page.request, false);
  await page.route('**/api/services/vps/v2/blockStorage', (route) => route.fulfill(fail));
  await openConfigureTab(page, WEB01);
  await expect(toast(page, 'Unable to get Storage Blocks!')).toBeVisible();
  await expect(storageCard(page).getByText('The storage blocks could not be loaded.')).toBeVisible();

  await page.unroute('**/api/services/vps/v2/blockStorage');
  await storageCard(page).getByRole('button', { name: 'Try Again' }).click();
  const block = nyBlock(page);
  await expect(block.getByText('Available')).toBeVisible();

  await page.route('**/blockStorage/attach', (route) => route.fulfill(fail));
  await block.getByRole('button', { name: 'Attach' }).click();
  await expect(toast(page, 'Disk Attach Failed')).toBeVisible();
  await expect(block.getByText('Available')).toBeVisible();
  expect(await blockAttachedTo(page.request)).toBeNull();

  await page.unroute('**/blockStorage/attach');
  await block.getByRole('button', { name: 'Attach' }).click();
  await expect(block.getByText('Attached', { exact: true })).toBeVisible();
  await page.route('**/blockStorage/detach', (route) => route.fulfill(fail));
  await block.getByRole('button', { name: 'Detach' }).click();
  await page
    .getByRole('dialog', { name: 'Detach Storage Block' })
    .getByRole('button', { name: 'Detach' })
    .click();
  await expect(toast(page, 'Disk Detach Failed')).toBeVisible();
  await expect(block.getByText('Attached', { exact: true })).toBeVisible();
});

test('a sub-account acts only on the blocks of its whitelist, and is offered no upgrade', async ({
  page,
}) => {
  const id = await openConfigureTab(page, WEB01, sub);
  // web01 is in the whitelist, its block is not: listed, but not the sub-account's to detach.
  const block = nyBlock(page);
  await expect(block.getByText('Attached', { exact: true })).toBeVisible();
  await block.getByRole('button', { name: 'Detach' }).click();
  await expect(toast(page, "You don't have access to this storage block")).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Detach Storage Block' })).toHaveCount(0);
  expect(await blockAttachedTo(page.request)).toBe(id);
  // An upgrade is an order: not without the order permission.
  await expect(page.getByRole('button', { name: 'Upgrade VM' })).toHaveCount(0);
});

test('a suspended server offers no upgrade and no storage actions', async ({ page }) => {
  await setBlockOnWeb01(page.request, false);
  await openConfigureTab(page, STAGING);
  await expect(nyBlock(page).getByText('Available')).toBeVisible();
  await expect(nyBlock(page).getByRole('button', { name: 'Attach' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Upgrade VM' })).toHaveCount(0);
});

test('the upgrade modal offers the larger plans of the family with the prorated price', async ({ page }) => {
  const web01 = await billing(page.request, WEB01);
  await openConfigureTab(page, WEB01);
  await page.getByRole('button', { name: 'Upgrade VM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade VM' });
  await expect(dialog).toContainText('Current plan: DW-4G');

  // DW-4G in New York: DW-8G and DW-16G; not the smaller DW-2G, not the DW-CPU family.
  const options = dialog.getByRole('radio');
  await expect(options).toHaveCount(2);
  await expect(dialog.getByRole('radio', { name: /DW-8G/ })).toContainText(
    '6 vCPU Cores · 8 GB RAM · 160 GB Storage',
  );
  await expect(dialog.getByRole('radio', { name: /DW-8G/ })).toContainText('$40.00 USD/mo');
  await expect(dialog.getByRole('radio', { name: /DW-16G/ })).toContainText('$80.00 USD/mo');

  await dialog.getByRole('button', { name: 'Create Upgrade Order' }).click();
  await expect(dialog.getByText('Please select an upgrade option')).toBeVisible();

  await dialog.getByRole('radio', { name: /DW-8G/ }).click();
  await expect(dialog.getByText('Please select an upgrade option')).toHaveCount(0);
  const price = dialog.getByRole('group', { name: 'Upgrade price' });
  await expect(price).toContainText(`Due now${usd(proratedCents(web01.nextduedate, 2000))}`);
  await expect(price).toContainText('New recurring price$40.00 USD Monthly');

  // A failed order says so and keeps the choice.
  await page.route('**/api/services/vps/v2/*/upgrade', (route) =>
    route.fulfill({ status: 502, json: { message: 'The platform did not answer.' } }),
  );
  await dialog.getByRole('button', { name: 'Create Upgrade Order' }).click();
  await expect(toast(page, 'Failed to create upgrade order')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /DW-8G/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await billing(page.request, WEB01)).name).toBe('DW-4G');
});

test('ordering an upgrade bills the difference and resizes the server', async ({ page }) => {
  const game01 = await billing(page.request, GAME01);
  await openConfigureTab(page, GAME01);
  await page.getByRole('button', { name: 'Upgrade VM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade VM' });
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await dialog.getByRole('radio', { name: /DW-4G/ }).click();
  const due = usd(proratedCents(game01.nextduedate, 1000));
  await expect(dialog.getByRole('group', { name: 'Upgrade price' })).toContainText(`Due now${due}`);
  await dialog.getByRole('button', { name: 'Create Upgrade Order' }).click();

  await expect(dialog.getByText('Upgrade order created')).toBeVisible();
  const text = (await dialog.getByRole('status').textContent()) ?? '';
  const invoiceId = Number(/Invoice #(\d+)/.exec(text)?.[1]);
  expect(text).toContain(`for ${due}`);
  expect(text).toContain('rebooting with the DW-4G plan');
  await expect(dialog.getByRole('link', { name: 'View Invoice' })).toHaveAttribute(
    'href',
    `/invoices/${invoiceId}`,
  );

  // The invoice charges what the modal showed; the service and the server moved to the new plan.
  const invoices = await page.request.get(`/api/invoices?relid=${game01.id}`, {
    headers: await ownerHeaders(page.request),
  });
  const { invoices: list } = (await invoices.json()) as {
    invoices: { invoice: { id: number; total: string }[] };
  };
  const invoice = list.invoice.find((candidate) => candidate.id === invoiceId);
  expect(invoice && usd(Math.round(Number(invoice.total) * 100))).toBe(due);
  expect((await billing(page.request, GAME01)).name).toBe('DW-4G');
  const detail = await page.request.get(`/api/services/vps/v2/${game01.id}`, {
    headers: await ownerHeaders(page.request),
  });
  expect(((await detail.json()) as { vps: { maxmem: number } }).vps.maxmem).toBe(4 * 1024 ** 3);

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
});

test('has no serious accessibility violations, in the card and the upgrade modal', async ({ page }) => {
  await openConfigureTab(page, WEB01);
  await expect(nyBlock(page)).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Upgrade VM' }).click();
  await page.getByRole('dialog', { name: 'Upgrade VM' }).getByRole('radio', { name: /DW-8G/ }).click();
  await expectNoSeriousViolations(page);
});

test('works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openConfigureTab(page, WEB01);
  await expect(nyBlock(page).getByRole('button', { name: 'Detach' })).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade VM' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Upgrade VM' }).getByRole('radio', { name: /DW-8G/ }),
  ).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
