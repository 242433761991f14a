import { type DedicatedConsoleMode, type DedicatedConsoleResponse, TOAST_MS } from '@rackdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { dedicatedApi } from './keys.ts';

/**
 * Opens the IPMI console in a new window (servers spec §4). The window is opened before the
 * ticket is asked for, inside the click, or the browser's pop-up blocker would stop it; on
 * failure it is closed again and the caller shows the error state.
 */
export function useLaunchConsole(serviceId: number, mode: DedicatedConsoleMode = 'web') {
  return useMutation({
    mutationFn: async (target: Window | null) => {
      try {
        const { accessUrl } = await api.get<DedicatedConsoleResponse>(dedicatedApi.console(serviceId, mode));
        if (!target || target.closed) {
          // The pop-up was blocked: navigating away from the panel would be worse than a new tab.
          window.open(accessUrl, '_blank', 'noopener');
        } else {
          target.location.href = accessUrl;
        }
      } catch (error) {
        target?.close();
        throw error;
      }
    },
    onError: () => notify('Failed to launch KVM console', 'error', TOAST_MS.power),
  });
}

/** A blank window for the console, cut off from the panel's page before it loads anything. */
export function openConsoleWindow(): Window | null {
  const target = window.open('', '_blank');
  if (target) target.opener = null;
  return target;
}
