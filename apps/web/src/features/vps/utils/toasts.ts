import { CommonVpsToast } from '../../../lib/vps-toasts.ts';

/** The toasts of the first-generation VPS page (servers spec §8), word for word. */
export const VpsToast = {
  ...CommonVpsToast,
  rebooted: 'Rebooted VPS',
  rebootFailed: 'Failed to reboot vps.',
  powerOnFailed: 'Unable to power on VPS',
  powerOffFailed: 'Unable to turn off VPS!',
  vncFailed: 'Unable to launch VNC!',
} as const;
