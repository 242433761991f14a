import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@rackdesk/contract';
import { isApiError } from './api-client.ts';

type Tone = 'success' | 'error' | 'info';
const colors: Record<Tone, string> = { success: 'green', error: 'red', info: 'blue' };

/**
 * The spec's failure toast for an action, with the API's reason under it when the refusal is a
 * conflict the user can resolve (a 409: an ISO still in a drive, a server still busy).
 */
export function notifyFailure(toast: string, error: unknown) {
  const reason = isApiError(error) && error.status === 409 ? error.message : '';
  notifications.show({
    title: reason ? toast : undefined,
    message: reason || toast,
    color: colors.error,
    autoClose: TOAST_MS.default,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
  });
}

/** Shows a toast with the spec's auto-close time (7 s unless told otherwise). */
export function notify(message: string, tone: Tone = 'info', autoCloseMs: number = TOAST_MS.default) {
  notifications.show({
    message,
    color: colors[tone],
    autoClose: autoCloseMs,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
  });
}
