import { CommonVpsToast } from '../../../lib/vps-toasts.ts';

/** The toasts of the VPS v2 page's server, Configure and stats calls (servers spec §8), word for word. */
export const Vps2Toast = {
  ...CommonVpsToast,
  rebootFailed: 'Unable to reboot VPS!',
  powerOnFailed: 'Unable to power on vps!',
  powerOffFailed: 'Unable to power off vps!',
} as const;
