/** The toasts of the first-generation VPS page (servers spec §8), word for word. */
export const VpsToast = {
  hostnameChanged: 'Successfully changed the server hostname.',
  hostnameFailed: 'Failed to change hostname of vps.',
  rebooted: 'Rebooted VPS',
  rebootFailed: 'Failed to reboot vps.',
  powerOnFailed: 'Unable to power on VPS',
  powerOffFailed: 'Unable to turn off VPS!',
  statusRefreshFailed: 'Encountered an error when updating vps status! Refresh the page!',
  isosFailed: 'Unable to get ISOs!',
  isoAddFailed: 'Unable to add new ISO!',
  isoDeleteFailed: 'Unable to delete ISO!',
  templatesFailed: 'Unable to get VPS OS templates!',
  bootSaveFailed: 'Unable to save configuration!',
  insertFailed: 'Unable to insert isos!',
  reinstallFailed: 'Unable to send re-install request!',
  resetPasswordFailed: 'Unable to reset root password!',
  vncFailed: 'Unable to launch VNC!',
} as const;
