import type { User } from '@rackdesk/contract';

/** Signed-in users for unit tests of the sub-account rules (servers spec §6). */
export const ownerUser = { is_sub_account: false, sub_account: null } as unknown as User;

/** A sub-account with the Services permission and the given whitelist (null: every service). */
export const subAccountUser = (service_whitelist: number[] | null) =>
  ({
    is_sub_account: true,
    sub_account: {
      id: 9,
      firstname: 'Sam',
      lastname: 'Sub',
      email: 'sub@example.com',
      parsed_permissions: { order: false, services: true, billing: false, support: true },
      service_whitelist,
    },
  }) as unknown as User;
