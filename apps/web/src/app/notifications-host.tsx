import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toast container; loaded with the first toast so that pages without one stay light. */
export function NotificationsHost() {
  return <Notifications position="top-right" />;
}
