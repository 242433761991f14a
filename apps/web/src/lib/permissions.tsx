import type { SubAccountPermission } from '@rackdesk/contract';
import type { ReactNode } from 'react';
import { useCurrentUser } from './auth.ts';
import { hasPermission } from './user-access.ts';

/** Whether the signed-in user holds a sub-account permission (owners hold all). */
export function usePermission(permission: SubAccountPermission): boolean {
  const { data: user } = useCurrentUser();
  return hasPermission(user, permission);
}

/** Renders its children only for users holding the permission. */
export function Can({ permission, children }: { permission: SubAccountPermission; children: ReactNode }) {
  return usePermission(permission) ? children : null;
}
