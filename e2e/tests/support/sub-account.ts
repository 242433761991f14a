import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { uniqueEmail } from './accounts.ts';
import { ownerHeaders } from './owner-api.ts';

export interface Permissions {
  order: boolean;
  services: boolean;
  billing: boolean;
  support: boolean;
}

export interface TestSubAccount {
  id: number;
  email: string;
  password: string;
}

const none: Permissions = { order: false, services: false, billing: false, support: false };

/** The body of `POST`/`PATCH sub-accounts`: Tess Tickets with only `permissions`, unless `names` say otherwise. */
export const subAccountFields = (
  email: string,
  permissions: Partial<Permissions>,
  names: { firstname?: string; lastname?: string } = {},
) => ({
  firstname: 'Tess',
  lastname: 'Tickets',
  ...names,
  email,
  companyname: '',
  permissions: { ...none, ...permissions },
  service_whitelist: null,
  email_notifications: {
    generalemails: 0,
    invoiceemails: 0,
    productemails: 0,
    supportemails: 0,
    domainemails: 0,
  },
});

/**
 * A sub-account of the demo owner with only `permissions`, made through the API for one journey;
 * the journey deletes it again (deleteSubAccount) so the owner's list stays as the seed left it.
 */
export async function createSubAccount(
  request: APIRequestContext,
  permissions: Partial<Permissions>,
): Promise<TestSubAccount> {
  const account = { email: uniqueEmail('sub'), password: 'sub-account-password-1' };
  const response = await request.post('/api/sub-accounts', {
    headers: await ownerHeaders(request),
    data: { ...subAccountFields(account.email, permissions), password: account.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { sub_account } = (await response.json()) as { sub_account: { id: number } };
  return { id: sub_account.id, ...account };
}

/** Gives the sub-account these permissions instead (from its next request on). */
export async function setSubAccountPermissions(
  request: APIRequestContext,
  account: TestSubAccount,
  permissions: Partial<Permissions>,
) {
  const response = await request.put(`/api/sub-accounts/${account.id}`, {
    headers: await ownerHeaders(request),
    data: subAccountFields(account.email, permissions),
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function deleteSubAccount(request: APIRequestContext, account: TestSubAccount) {
  const response = await request.delete(`/api/sub-accounts/${account.id}`, {
    headers: await ownerHeaders(request),
  });
  expect(response.ok(), await response.text()).toBe(true);
}
