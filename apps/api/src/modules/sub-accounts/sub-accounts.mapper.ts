import { SUB_ACCOUNT_DEFAULTS, type SubAccount } from '@rackdesk/contract';
import type { UserRow } from '../../db/schema/index.ts';

const noPermissions = { order: false, services: false, billing: false, support: false };

/** A sub-account as its owner sees it (portal spec §3 "Sub-account"); never its password. */
export function toSubAccount(row: UserRow): SubAccount {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    companyname: row.companyname,
    permissions: row.permissions ?? noPermissions,
    service_whitelist: row.serviceWhitelist ?? null,
    // Rows made before the choice existed receive what a new sub-account would (§9).
    email_notifications: row.emailNotifications ?? SUB_ACCOUNT_DEFAULTS.email_notifications,
    created_at: row.createdAt.toISOString(),
  };
}
