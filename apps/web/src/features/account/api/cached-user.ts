import type { User } from '@rackdesk/contract';
import { setSessionUser } from '../../../lib/session-user.ts';

/**
 * Changes the signed-in user after an account call changed it on the server, so that the pages
 * that read it (the shell, billing's `user_details_ok`, the password form's code field) follow
 * without a refetch.
 */
export function patchCachedUser(patch: Partial<User>) {
  setSessionUser((user) => (user ? { ...user, ...patch } : user));
}
