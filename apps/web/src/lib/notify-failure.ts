import { isApiError } from './api-client.ts';
import { showToast } from './notify.ts';

/**
 * The spec's failure toast for an action, with the API's reason under it when the refusal is a
 * conflict the user can resolve (a 409: an ISO still in a drive, a server still busy). Apart from
 * notify.ts, which the sign-in page's scripts carry, since only the panel's actions use it.
 */
export function notifyFailure(toast: string, error: unknown) {
  const reason = isApiError(error) && error.status === 409 ? error.message : '';
  showToast({ title: reason ? toast : undefined, message: reason || toast, tone: 'error' });
}
