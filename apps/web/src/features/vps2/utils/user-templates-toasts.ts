import { Vps2Text } from '@rackdesk/contract';

/**
 * The toasts of the Templates tab (servers spec §8), word for word. Template notices close after
 * 5 s (§9, TOAST_MS.template); the list's load failure is an ordinary 7 s toast.
 */
export const UserTemplatesToast = {
  listFailed: 'Unable to get User Templates!',
  creating: Vps2Text.templateBeingCreated,
  limitReached: Vps2Text.userTemplateLimit,
  createFailed: 'Failed to create template.',
  deleted: 'Successfully deleted template!',
  deleteFailed: 'Unable to delete template!',
  restoreSent: 'Restore Template Request Sent! Please wait for the VPS to be restored.',
  restoreFailed: 'Unable to install template!',
} as const;

/** The `error` code the API gives when the owner already has as many templates as allowed. */
export const USER_TEMPLATE_LIMIT_CODE = 'user_template_limit';
