import type { User } from '@rackdesk/contract';
import type { QueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../../lib/auth.ts';

/**
 * Changes the cached signed-in user after an account call changed it on the server, so that the
 * pages that read it (the shell, billing's `user_details_ok`, the password form's code field)
 * follow without a refetch.
 */
export function patchCachedUser(queryClient: QueryClient, patch: Partial<User>) {
  queryClient.setQueryData<User | null>(sessionKeys.user, (user) => (user ? { ...user, ...patch } : user));
}
