import { EventName } from '@rackdesk/contract';
import { useEffect } from 'react';
import { markEmailVerified } from '../../../lib/auth.ts';
import { subscribeToEvents } from '../../../lib/event-stream.ts';

/**
 * While the e-mail is unverified, listens on the user's event stream for `email.verified`, then
 * marks the cached user verified and stops listening (servers spec §4, E-mail verification).
 */
export function useEmailVerifiedListener(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const unsubscribe = subscribeToEvents((event) => {
      if (event.name === EventName.emailVerified) {
        markEmailVerified();
        unsubscribe();
      }
    });
    return unsubscribe;
  }, [active]);
}
