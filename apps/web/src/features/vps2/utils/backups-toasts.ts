/** The toasts of the Backups tab (servers spec §8), word for word; all close after 7 s. */
export const BackupsToast = {
  statusFailed: 'Unable to get Backup Status!',
  listFailed: 'Unable to get Backups!',
  scheduleFailed: 'Unable to get next backup timestamp!',
  toggleBlocked: 'Server is locked or suspended!',
  toggleFailed: 'Unable to toggle backups!',
  toggled: 'Successfully toggled backups!',
  triggered: 'Successfully triggered backup!',
  triggerFailed: 'Unable to trigger backup!',
  deleteFailed: 'Unable to delete backup!',
  restoreFailed: 'Unable to restore backup!',
} as const;
