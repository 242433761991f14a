/** The toasts both VPS pages show for the same calls (servers spec §8), word for word. */
export const CommonVpsToast = {
  hostnameChanged: 'Successfully changed the server hostname.',
  hostnameFailed: 'Failed to change hostname of vps.',
  statusRefreshFailed: 'Encountered an error when updating vps status! Refresh the page!',
  isosFailed: 'Unable to get ISOs!',
  isoAddFailed: 'Unable to add new ISO!',
  isoDeleteFailed: 'Unable to delete ISO!',
  templatesFailed: 'Unable to get VPS OS templates!',
  bootSaveFailed: 'Unable to save configuration!',
  insertFailed: 'Unable to insert isos!',
  reinstallFailed: 'Unable to send re-install request!',
  resetPasswordFailed: 'Unable to reset root password!',
} as const;
