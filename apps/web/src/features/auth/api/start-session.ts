import type { SessionResponse } from '@rackdesk/contract';
import { setToken } from '../../../lib/session.ts';
import { setSessionUser } from '../../../lib/session-user.ts';

/** Stores the token of a new session and its user: the visitor is signed in. */
export function startSession(session: SessionResponse) {
  setToken(session.token);
  setSessionUser(session.user);
}
