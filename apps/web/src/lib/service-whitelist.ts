import type { User } from '@rackdesk/contract';
import { useCurrentUser } from './auth.ts';

/**
 * Whether the user may act on a service (servers spec §6): owners on all of theirs, sub-accounts
 * on every service when their whitelist is null and only on the listed ids otherwise. The server
 * decides the same way; this only keeps the page from offering what it would refuse.
 */
export function isServiceWhitelisted(user: User | null | undefined, serviceId: number): boolean {
  if (!user) return false;
  if (!user.is_sub_account) return true;
  const whitelist = user.sub_account?.service_whitelist ?? null;
  return whitelist === null || whitelist.includes(serviceId);
}

/** The signed-in user's whitelist check, for components. */
export function useServiceWhitelist(): (serviceId: number) => boolean {
  const { data: user } = useCurrentUser();
  return (serviceId) => isServiceWhitelisted(user, serviceId);
}
