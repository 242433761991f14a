import { API_BASE, apiPaths } from './paths.ts';
import { getToken } from './session.ts';

export interface StreamEvent {
  name: string;
  data: unknown;
}
type Listener = (event: StreamEvent) => void;

class StreamClosed extends Error {}

const listeners = new Set<Listener>();
let connection: AbortController | undefined;

/**
 * The signed-in user's event stream (`GET /api/events`), shared by every listener of the tab:
 * it opens with the first subscriber and closes with the last. A refused stream (401, 403)
 * stays closed; a lost connection is retried by the client library. Listeners must treat events
 * as hints and keep their polling, since a stream can always miss something.
 */
export function subscribeToEvents(listener: Listener): () => void {
  listeners.add(listener);
  if (!connection) connection = open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      connection?.abort();
      connection = undefined;
    }
  };
}

function open(): AbortController {
  const controller = new AbortController();
  const token = getToken();
  if (!token) return controller;
  void import('@microsoft/fetch-event-source')
    .then(({ fetchEventSource }) => {
      if (controller.signal.aborted) return;
      return fetchEventSource(`${API_BASE}${apiPaths.events}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: controller.signal,
        openWhenHidden: true,
        async onopen(response) {
          if (!response.ok) throw new StreamClosed();
        },
        onmessage(message) {
          if (!message.event) return;
          const event = { name: message.event, data: parseData(message.data) };
          for (const listener of [...listeners]) listener(event);
        },
        onerror(error) {
          if (error instanceof StreamClosed) throw error;
        },
      });
    })
    .catch(() => {
      // The stream is a convenience on top of polling; nothing to show when it cannot open.
    });
  return controller;
}

function parseData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
