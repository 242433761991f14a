import type { User } from '@rackdesk/contract';
import { ErrorCode } from '@rackdesk/contract';
import { ApiError, api } from './api-client.ts';
import { notify } from './notify.ts';
import { apiPaths } from './paths.ts';
import { clearToken, getToken } from './session.ts';
import { setSessionUser, startSessionCheck, useSessionUser } from './session-user.ts';

/**
 * The signed-in user, or null for a guest (servers spec §4, Session): without a token cookie
 * there is no call; a 403 account_closed logs out and shows the server's message; any other
 * failure leaves the visitor logged out.
 */
async function fetchCurrentUser(): Promise<User | null> {
  if (!getToken()) return null;
  try {
    return await api.get<User>(apiPaths.user, { redirectOnUnauthorized: false });
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 403 && error.code === ErrorCode.accountClosed) {
        clearToken();
        notify(error.message, 'error');
      } else if (error.status === 401 || error.status === 403) {
        clearToken();
      }
    }
    return null;
  }
}

/** The signed-in user (`data`, null for a guest) and whether the check at start still runs. */
export function useCurrentUser() {
  startSessionCheck(fetchCurrentUser);
  const { user, pending } = useSessionUser();
  return { data: user, isPending: pending };
}

/** Marks the signed-in user's e-mail as verified (after the event or the verify page). */
export function markEmailVerified() {
  setSessionUser((user) => (user ? { ...user, email_verified: true } : user));
}

/**
 * Forgets the session in this browser: the token and the user, leaving a guest (after a logout,
 * or when the session was ended on the server from this browser). The query cache forgets every
 * answer when it hears of it (app/query-client.ts); a page that stays (the order checkout's
 * Logout) hears of it too and shows itself to the guest.
 */
export function forgetSession() {
  clearToken();
  setSessionUser(null);
}
