import { EventName } from '@rackdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { markEmailVerified } from '../../../lib/auth.ts';
import { API_BASE, apiPaths } from '../../../lib/paths.ts';
import { getToken } from '../../../lib/session.ts';

class StreamClosed extends Error {}

/**
 * While the e-mail is unverified, listens on the user's event stream for `email.verified`, then
 * marks the cached user verified and stops listening (servers spec §4, E-mail verification).
 */
export function useEmailVerifiedListener(active: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!active) return;
    const token = getToken();
    if (!token) return;
    const controller = new AbortController();

    void import('@microsoft/fetch-event-source')
      .then(({ fetchEventSource }) => {
        if (controller.signal.aborted) return;
        return fetchEventSource(`${API_BASE}${apiPaths.events}`, {
          headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
          signal: controller.signal,
          openWhenHidden: true,
          async onopen(response) {
            // An answer other than the stream (401, 403...) ends the listening for good.
            if (!response.ok) throw new StreamClosed();
          },
          onmessage(message) {
            if (message.event === EventName.emailVerified) {
              markEmailVerified(queryClient);
              controller.abort();
            }
          },
          onerror(error) {
            if (error instanceof StreamClosed) throw error;
            // Anything else (network loss): let the client retry.
          },
        });
      })
      .catch(() => {
        // The stream is a convenience; the banner stays until the next load.
      });

    return () => controller.abort();
  }, [active, queryClient]);
}
