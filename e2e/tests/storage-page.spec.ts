import { type APIRequestContext, expect, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { signInWithToken } from './support/accounts.ts';
import { demo, sub } from './support/env.ts';
import { ownerHeaders, serviceIdByDomain } from './support/owner-api.ts';
import { answerAsSuspended, card, toast } from './support/page.ts';

/**
 * The storage service page (/services/storage/{id}, servers spec §2 Generic/storage page) against
 * the demo data and the simulated Proxmox: the 250 GB New York block hangs on web01. The journeys
 * put it back there when they are done.
 */

const ATTACHED = 'Storage Block 250 GB';
const SERVER = 'web01.demo.example';
const DISK = 'block-nyc:vm-9001-block-1';

/** The service id of the VPS a block hangs on, as the platform reports it. */
async function attachedTo(request: APIRequestContext, storageId: number): Promise<number | null> {
  const response = await request.get(`/api/services/storage/${storageId}`, {
    headers: await ownerHeaders(request),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { attached_to: { id: number } | null }).attached_to?.id ?? null;
}

/** Puts the demo block back on web01, for the journeys that follow. */
async function reattach(request: APIRequestContext, serverId: number) {
  if ((await attachedTo(request, await serviceIdByDomain(request, ATTACHED))) === serverId) return;
  const response = await request.post(`/api/services/vps/v2/${serverId}/blockStorage/attach`, {
    headers: await ownerHeaders(request),
    data: { disk_name: DISK },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function openStoragePage(page: Page, domain = ATTACHED): Promise<number> {
  const id = await serviceIdByDomain(page.request, domain);
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(`/services/storage/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: domain })).toBeVisible();
  return id;
}

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  await reattach(request, await serviceIdByDomain(request, SERVER));
});

test('an attached block names its server with a link to the VPS v2 page', async ({ page }) => {
  const serverId = await serviceIdByDomain(page.request, SERVER);
  await openStoragePage(page);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByText('Storage Block', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Service Info' })).toBeVisible();
  await expect(card(page, 'Billing Info')).toBeVisible();

  const options = card(page, 'Billing Options');
  await expect(options.getByText('Attached to')).toBeVisible();
  const link = options.getByRole('link', { name: SERVER });
  await expect(link).toHaveAttribute('href', `/services/vps/v2/${serverId}`);
  await expect(options.getByText(DISK)).toBeVisible();
  await expect(options.getByText('250 GB')).toBeVisible();
  await expect(options.getByText('New York', { exact: true })).toBeVisible();
  await expect(options.getByRole('button', { name: 'Detach' })).toBeVisible();

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/services/vps/v2/${serverId}$`));
});

test('detaches after a confirmation, with the toast', async ({ page }) => {
  const serverId = await serviceIdByDomain(page.request, SERVER);
  const id = await openStoragePage(page);
  const options = card(page, 'Billing Options');

  // Cancelling the confirmation changes nothing.
  await options.getByRole('button', { name: 'Detach' }).click();
  let dialog = page.getByRole('dialog', { name: 'Detach Storage Block' });
  await expect(dialog).toContainText(SERVER);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await attachedTo(page.request, id)).toBe(serverId);

  await options.getByRole('button', { name: 'Detach' }).click();
  dialog = page.getByRole('dialog', { name: 'Detach Storage Block' });
  await dialog.getByRole('button', { name: 'Detach' }).click();
  await expect(toast(page, 'Disk Detach Successful')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(options.getByText('Not attached')).toBeVisible();
  await expect(options.getByRole('button', { name: 'Detach' })).toHaveCount(0);
  expect(await attachedTo(page.request, id)).toBeNull();

  await reattach(page.request, serverId);
  await page.reload();
  await expect(card(page, 'Billing Options').getByRole('link', { name: SERVER })).toBeVisible();
});

test('a detach that fails says so and leaves the block attached', async ({ page }) => {
  const serverId = await serviceIdByDomain(page.request, SERVER);
  const id = await openStoragePage(page);
  await page.route(`**/api/services/storage/${id}/detach`, (route) =>
    route.fulfill({ status: 502, json: { message: 'The platform did not answer.' } }),
  );
  const options = card(page, 'Billing Options');
  await options.getByRole('button', { name: 'Detach' }).click();
  await page
    .getByRole('dialog', { name: 'Detach Storage Block' })
    .getByRole('button', { name: 'Detach' })
    .click();
  await expect(toast(page, 'Disk Detach Failed')).toBeVisible();
  await expect(options.getByRole('link', { name: SERVER })).toBeVisible();
  expect(await attachedTo(page.request, id)).toBe(serverId);
});

test('a suspended block reads Disk is suspended and offers no Detach', async ({ page }) => {
  const id = await serviceIdByDomain(page.request, ATTACHED);
  // The demo has no suspended block: the billing answer says this one is.
  await answerAsSuspended(page, `**/api/services/${id}`);
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(`/services/storage/${id}`);
  await expect(toast(page, 'Service Suspended')).toContainText('Overdue on Payment');
  const options = card(page, 'Billing Options');
  await expect(options.getByText('Disk is suspended')).toBeVisible();
  await expect(options.getByRole('link', { name: SERVER })).toBeVisible();
  await expect(options.getByRole('button', { name: 'Detach' })).toHaveCount(0);
});

test('a sub-account outside its whitelist is sent to the service list', async ({ page }) => {
  const id = await serviceIdByDomain(page.request, ATTACHED);
  await signInWithToken(page, sub.email, sub.password);
  await page.goto(`/services/storage/${id}`);
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByText('You do not have access to this service')).toBeVisible();
});

test('a sub-account is offered Detach only when the server is in its whitelist', async ({ page }) => {
  const id = await serviceIdByDomain(page.request, ATTACHED);
  const serverId = await serviceIdByDomain(page.request, SERVER);
  // The demo sub-account may not open this block at all; the owner's session is shown to the
  // page as a sub-account whose whitelist holds the block (and, the second time, the server).
  let whitelist = [id];
  await page.route('**/api/user', async (route) => {
    const response = await route.fetch();
    const user = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...user,
        is_sub_account: true,
        sub_account: {
          id: 999,
          firstname: 'Sam',
          lastname: 'Sub',
          email: 'sam@example.com',
          parsed_permissions: { order: false, services: true, billing: false, support: true },
          service_whitelist: whitelist,
        },
      },
    });
  });
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(`/services/storage/${id}`);
  const options = card(page, 'Billing Options');
  await expect(options.getByRole('link', { name: SERVER })).toBeVisible();
  await expect(options.getByRole('button', { name: 'Detach' })).toHaveCount(0);

  whitelist = [id, serverId];
  await page.reload();
  await expect(card(page, 'Billing Options').getByRole('button', { name: 'Detach' })).toBeVisible();
});

test('has no serious accessibility violations, with the confirmation open', async ({ page }) => {
  await openStoragePage(page);
  await expect(card(page, 'Billing Options').getByRole('link', { name: SERVER })).toBeVisible();
  await expectNoSeriousViolations(page);
  await card(page, 'Billing Options').getByRole('button', { name: 'Detach' }).click();
  await expect(page.getByRole('dialog', { name: 'Detach Storage Block' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
