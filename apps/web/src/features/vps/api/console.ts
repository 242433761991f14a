import type { VpsVnc } from '@rackdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { openConsoleWindow } from '../utils/console-window.ts';
import { VpsToast } from '../utils/toasts.ts';
import { vncConsoleUrl } from '../utils/vnc-link.ts';
import { vpsApiPaths } from './paths.ts';

/** Opens the VNC console of the VPS in a new window (`GET services/vps/{id}/vnc`). */
export function useOpenVpsConsole(serviceId: number) {
  return useMutation({
    mutationFn: () =>
      openConsoleWindow(async () => vncConsoleUrl(await api.get<VpsVnc>(vpsApiPaths.vnc(serviceId)))),
    onError: () => notify(VpsToast.vncFailed, 'error'),
  });
}
