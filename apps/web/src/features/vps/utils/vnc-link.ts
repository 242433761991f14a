import type { VpsVnc } from '@rackdesk/contract';

/**
 * The noVNC console link for a first-generation VPS: the noVNC page on the console host, told to
 * connect through its websocket proxy with the short-lived token. The VNC password travels in the
 * fragment, which the browser never sends to a server, and noVNC reads it from there.
 */
export function vncConsoleUrl({ host, token, pass }: Pick<VpsVnc, 'host' | 'token' | 'pass'>): string {
  const authority = host.includes(':') ? `[${host}]` : host;
  const query = new URLSearchParams({
    autoconnect: 'true',
    resize: 'scale',
    path: `websockify?token=${token}`,
  });
  return `https://${authority}/novnc/vnc.html?${query}#password=${encodeURIComponent(pass)}`;
}
