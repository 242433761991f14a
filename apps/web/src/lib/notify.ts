import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@rackdesk/contract';

type Tone = 'success' | 'error' | 'info';
const colors: Record<Tone, string> = { success: 'green', error: 'red', info: 'blue' };

/** Shows a toast with the spec's auto-close time (7 s unless told otherwise). */
export function notify(message: string, tone: Tone = 'info', autoCloseMs: number = TOAST_MS.default) {
  notifications.show({
    message,
    color: colors[tone],
    autoClose: autoCloseMs,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
  });
}
