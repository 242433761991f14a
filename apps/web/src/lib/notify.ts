import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@rackdesk/contract';

export type Tone = 'success' | 'error' | 'info';
const colors: Record<Tone, string> = { success: 'green', error: 'red', info: 'blue' };

interface Toast {
  message: string;
  title?: string | undefined;
  tone?: Tone;
  autoCloseMs?: number;
}

/** Shows a toast in the spec's colours, closed after the spec's time (7 s unless told otherwise). */
export function showToast({ message, title, tone = 'info', autoCloseMs = TOAST_MS.default }: Toast) {
  notifications.show({
    title,
    message,
    color: colors[tone],
    autoClose: autoCloseMs,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
  });
}

/** Shows a toast with the spec's auto-close time (7 s unless told otherwise). */
export function notify(message: string, tone: Tone = 'info', autoCloseMs: number = TOAST_MS.default) {
  showToast({ message, tone, autoCloseMs });
}
