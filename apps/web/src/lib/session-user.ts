import type { User } from '@rackdesk/contract';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in user (null for a guest), kept outside the query cache: the guards read it on every
 * page, /login included, and the sign-in page must not load the query library for it (issue 18's
 * 100 KB). Pages that change the user on the server write the new one here.
 */
interface SessionUserState {
  user: User | null;
  /** The session check at start has not answered yet. */
  pending: boolean;
}

let state: SessionUserState = { user: null, pending: true };
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const publish = (next: SessionUserState) => {
  state = next;
  for (const listener of listeners) listener();
};

export const getSessionUser = () => state.user;

/** Sets the user, or changes it (the updater gets null for a guest). */
export function setSessionUser(next: User | null | ((user: User | null) => User | null)) {
  publish({ user: typeof next === 'function' ? next(state.user) : next, pending: false });
}

/** Hears every change of the user (the query cache forgets its answers when a session ends). */
export const onSessionUserChange = subscribe;

let started = false;
/** Runs the session check once; until it answers, the user is pending. */
export function startSessionCheck(check: () => Promise<User | null>) {
  if (started) return;
  started = true;
  void check().then((user) => {
    // A sign-in that finished first wins over the check's older answer.
    if (state.pending) setSessionUser(user);
  });
}

/** The user and whether the check at start is still running, re-rendering on each change. */
export function useSessionUser(): SessionUserState {
  return useSyncExternalStore(subscribe, () => state);
}
